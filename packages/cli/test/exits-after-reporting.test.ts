/**
 * Every `flow` command exits once it has reported, whatever a skill's tools.ts left running: an import
 * that never settles but keeps a timer alive (so Node never sees an empty event loop), or an import
 * that finishes and leaves an interval behind. Each command once printed its report (`tools-timeout …
 * 1 error in 1 skill`) and then hung for ever. Runs the built binary (`npx tsc -b` first).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./serve-process.js";

const SKILL = "---\nname: busy\ndescription: A skill whose tools.ts keeps the process busy.\n---\n\n## Steps\n\n```yaml\n- say: Hello\n```\n";
const PROOF = "skill: .\ntitle: Hello\nturns:\n  - user: hi\n    model: {}\n    expect: { says: Hello, done: true }\n";
const NEVER_SETTLES = "await new Promise(() => setInterval(() => {}, 1000));\nexport default [];\n";
const LEAVES_A_TIMER = "setInterval(() => {}, 1000);\nexport default [];\n";

function skillWithTools(tools: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), "flow-busy-")), "busy"); // named as the skill is
  mkdirSync(dir);
  writeFileSync(join(dir, "SKILL.md"), SKILL);
  writeFileSync(join(dir, "tools.ts"), tools);
  writeFileSync(join(dir, "hello.proof.yaml"), PROOF);
  return dir;
}

/** Runs `flow ...args` with stdin closed; `code` is null when it had to be killed after 15 s. */
function flow(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["packages/cli/bin/flow.js", ...args], {
    cwd: ROOT, env: { ...process.env, FLOW_IMPORT_TIMEOUT_MS: "300", GOOGLE_API_KEY: "" }, stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  return new Promise((resolve) => child.on("close", (code) => (clearTimeout(killer), resolve({ code, stdout, stderr }))));
}

describe("a tools.ts whose import never settles and keeps a timer running", () => {
  const dir = skillWithTools(NEVER_SETTLES);
  const commands: Array<[string, string[], string]> = [
    ["check", ["check", dir], "tools-timeout"],
    ["procedure", ["procedure", dir], "tools-timeout"],
    ["prove", ["prove", join(dir, "hello.proof.yaml")], "tools-timeout"],
    ["chat", ["chat", dir, "--db", "memory"], "tools-timeout"],
    ["serve", ["serve", dir, "--port", "0", "--db", "memory"], "tools-timeout"],
    ["mcp", ["mcp", dir], "tools-timeout"],
  ];
  it.each(commands)("flow %s reports it after FLOW_IMPORT_TIMEOUT_MS and exits 1", async (_name, args, said) => {
    const { code, stdout, stderr } = await flow(args);
    expect(stdout + stderr).toContain(said);
    expect(stdout + stderr).toContain("did not finish importing within 300 ms");
    expect(code).toBe(1);
  }, 20_000);
});

describe("a tools.ts that finishes importing but leaves an interval running", () => {
  const dir = skillWithTools(LEAVES_A_TIMER);
  it("flow check reports no problems and exits 0", async () => {
    const { code, stdout } = await flow(["check", dir]);
    expect(stdout).toContain("no problems");
    expect(code).toBe(0);
  }, 20_000);

  it("flow prove runs the proof and exits 0", async () => {
    const { code, stdout } = await flow(["prove", join(dir, "hello.proof.yaml")]);
    expect(stdout).toContain("2 passed, 0 failed");
    expect(code).toBe(0);
  }, 20_000);

  it("flow chat ends with its input and exits 0", async () => {
    const { code, stdout } = await flow(["chat", dir, "--db", "memory"]);
    expect(stdout).toContain("Hello");
    expect(code).toBe(0);
  }, 20_000);
});
