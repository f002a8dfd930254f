import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const checks = "test/fixtures/checks";

async function run(argv: string[], options?: Parameters<typeof memoryIo>[1]) {
  const mem = memoryIo(root, options);
  const code = await cli(argv, mem.io);
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

describe("flow (usage)", () => {
  it("prints help listing check and exits 0", async () => {
    const { code, stdout } = await run(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage: flow/);
    expect(stdout).toMatch(/check\s+check skills/);
  });

  it.each([
    [[], /Usage: flow/],
    [["check"], /missing required argument 'paths'/],
    [["check", "--frob", "x"], /unknown option '--frob'/],
    [["check", "--format", "xml", "x"], /argument 'xml' is invalid/],
    [["chekc"], /unknown command 'chekc'/],
    [["check", "no/such/dir"], /flow check: path not found: no\/such\/dir/],
  ])("exits 2 for a usage error: %j", async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe("flow check", () => {
  it("exits 0 and says so when there is no problem", async () => {
    const { code, stdout } = await run(["check", "test/fixtures/loader/skills/weather"]);
    expect([code, stdout]).toEqual([0, "1 skill checked: no problems\n"]);
  });

  it("prints one line per diagnostic sorted by file and line, then the totals, and exits 1", async () => {
    const { code, stdout } = await run(["check", `${checks}/unknown-step-key`, `${checks}/duplicate-field`, `${checks}/frontmatter-invalid`]);
    const files = stdout.trim().split("\n").filter((l) => l.includes(" error ")).map((l) => l.split(" ")[0]);
    expect(files).toEqual([
      `${checks}/duplicate-field/SKILL.md:12:1`,
      `${checks}/frontmatter-invalid/SKILL.md:1:1`,
      `${checks}/frontmatter-invalid/SKILL.md:3:1`,
      `${checks}/unknown-step-key/SKILL.md:19:3`,
      `${checks}/unknown-step-key/SKILL.md:21:3`,
    ]);
    // The misspelt `comfirm` is checked as a confirm: its warning (it covers no write) comes in the same run.
    expect(stdout.endsWith("\n\n5 errors, 1 warning in 3 skills\n")).toBe(true);
    expect(code).toBe(1);
  });

  it("prints machine-readable diagnostics with --format json", async () => {
    const { code, stdout } = await run(["check", "--format", "json", `${checks}/unknown-step-key`]);
    const report = JSON.parse(stdout);
    expect(code).toBe(1);
    expect(report.skills).toEqual([`${checks}/unknown-step-key/SKILL.md`]);
    expect(report.summary).toEqual({ skills: 1, errors: 2, warnings: 1 });
    expect(report.diagnostics.find((d: { severity: string }) => d.severity === "error")).toEqual({
      file: `${checks}/unknown-step-key/SKILL.md`, line: 19, column: 3, endLine: 19, endColumn: 10,
      ruleId: "unknown-step-key", severity: "error", reason: "`comfirm` is not a step key.", fix: "Did you mean `confirm`?",
    });
  });

  it("colors only on a terminal, and never with NO_COLOR", async () => {
    const argv = ["check", `${checks}/widget-not-allowed`];
    expect((await run(argv, { isTTY: true })).stdout).toContain("\u001b[");
    expect((await run(argv, { isTTY: true, env: { NO_COLOR: "1" } })).stdout).not.toContain("\u001b[");
    expect((await run(argv)).stdout).not.toContain("\u001b[");
  });

  it("checks every skill below a folder", async () => {
    const { stdout } = await run(["check", "test/fixtures/loader/skills"]);
    expect(stdout).toBe("2 skills checked: no problems\n");
  });
});

describe("the flow binary", () => {
  // A resolve hook that reports every LangChain/LangGraph module the process asks for.
  const hook = `data:text/javascript,${encodeURIComponent(
    'import { register } from "node:module"; register("data:text/javascript," + encodeURIComponent("export async function resolve(s, c, next) { if (/langchain|langgraph/.test(s)) console.error(\\"LOADED \\" + s); return next(s, c); }"));',
  )}`;

  it.each([["--help"], ["check", "test/fixtures/loader/skills/weather"]])("`flow %s` loads no LangGraph or model package", (...argv) => {
    const result = spawnSync(process.execPath, ["--import", hook, "packages/cli/bin/flow.js", ...argv], { cwd: root, encoding: "utf8" });
    expect(result.stderr).not.toContain("LOADED");
    expect(result.status).toBe(0);
  });
});
