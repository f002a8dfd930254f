/**
 * Importing a skill's tools.ts: a throw is located where it was written (not in jiti's compiled code),
 * an import that never finishes is a located `tools-timeout` after FLOW_IMPORT_TIMEOUT_MS (10 s by
 * default), and a `flow` process left waiting on a promise that never settles says so and exits 1
 * instead of Node's silent exit 13. The binary tests run the build (`npx tsc -b` first).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const SKILL = "---\nname: imports\ndescription: A skill whose tools.ts misbehaves.\n---\n\n## Steps\n\n```yaml\n- say: Hello\n```\n";

/** A skill folder (outside the repository, so it is shown absolute) with this tools.ts. */
function skillWithTools(tools: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), "flow-tools-")), "imports"); // named as the skill is
  mkdirSync(dir);
  writeFileSync(join(dir, "SKILL.md"), SKILL);
  writeFileSync(join(dir, "tools.ts"), tools);
  return dir;
}

async function check(dir: string, env: Record<string, string> = {}) {
  const mem = memoryIo(root, { env });
  const code = await cli(["check", dir], mem.io);
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

describe("a tools.ts that throws when imported", () => {
  it("is located at the throw on line 1, not in jiti's wrapper", async () => {
    const dir = skillWithTools('throw new Error("boom at import");\n');
    const { code, stdout } = await check(dir);
    expect(stdout.split("\n")[0]).toBe(`${dir}/tools.ts:1:7 error tools-throws: tools.ts throws when it is imported: boom at import. Fix the failing code, or move it inside a tool's function so it runs only when the tool is called.`);
    expect(code).toBe(1);
  });

  it("is located in the TypeScript as written, types and all", async () => {
    const dir = skillWithTools('const a: number = 1;\ntype X = { a: string };\nconst b = (x: X): number => a; throw new Error("late");\n');
    const { stdout } = await check(dir);
    expect(stdout).toContain(`${dir}/tools.ts:3:38 error tools-throws: tools.ts throws when it is imported: late.`);
  });
});

describe("a tools.ts whose import never finishes", () => {
  const hanging = 'import { lookup } from "@skillflow/core";\n\nawait new Promise(() => {});\nexport default [];\n';

  it("is a tools-timeout at its top-level await, after FLOW_IMPORT_TIMEOUT_MS", async () => {
    const dir = skillWithTools(hanging);
    const started = Date.now();
    const { code, stdout, stderr } = await check(dir, { FLOW_IMPORT_TIMEOUT_MS: "300" });
    expect(stderr).toBe("");
    expect(stdout.split("\n")[0]).toBe(`${dir}/tools.ts:3:1 error tools-timeout: tools.ts did not finish importing within 300 ms: its top level waits for something that does not settle. Do slow or waiting work inside a tool's function, so it runs only when the tool is called (FLOW_IMPORT_TIMEOUT_MS sets the limit).`);
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("makes the flow binary report it and exit 1, not exit 13 in silence", () => {
    const dir = skillWithTools(hanging);
    const result = spawnSync(process.execPath, ["packages/cli/bin/flow.js", "check", dir], {
      cwd: root, encoding: "utf8", env: { ...process.env, FLOW_IMPORT_TIMEOUT_MS: "300" },
    });
    expect(result.stdout).toContain("error tools-timeout:");
    expect(result.status).toBe(1);
  });
});

describe("a flow process left waiting on a promise that never settles", () => {
  // Every stat of the file system hangs: `flow check` then waits forever with nothing left to run.
  const hang = `data:text/javascript,${encodeURIComponent(
    'import fs from "node:fs/promises"; import { syncBuiltinESMExports } from "node:module"; fs.stat = () => new Promise(() => {}); syncBuiltinESMExports();',
  )}`;

  it("says so and exits 1", () => {
    const result = spawnSync(process.execPath, ["--import", hang, "packages/cli/bin/flow.js", "check", "skills"], { cwd: root, encoding: "utf8" });
    expect(result.stderr).toBe("flow: stopped: the command was waiting for a promise that can never settle, with nothing else left to run (a top-level `await` in tools.ts, or a tool that never answers?).\n");
    expect(result.status).toBe(1);
  });
});
