/**
 * One form for every command-line error, whatever the command: `flow CMD: sentence` on one line (the
 * usage follows commander's errors on that line), exit 2 — an unknown option, a path that does not exist,
 * and a Markdown file that is not a skill (`flow check README.md`) read the same in check, prove,
 * procedure and chat. A Markdown file with another name that reads like a skill is still checked.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { looksLikeSkill } from "@skillflow/core/loader";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const COMMANDS = ["check", "prove", "procedure", "chat"] as const;
const scratch: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "flow-form-"));
  scratch.push(dir);
  return dir;
};
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function run(argv: string[], cwd = root) {
  const mem = memoryIo(cwd);
  mem.io.stdin = Readable.from([]);
  const code = await cli(argv, mem.io);
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

describe("the same error reads the same in every command", () => {
  it.each(COMMANDS)("flow %s --bogus: `flow CMD: unknown option`, then the usage, on one line", async (command) => {
    const { code, stderr } = await run([command, "--bogus", "x"]);
    const [first, ...rest] = stderr.split("\n");
    expect(first).toMatch(new RegExp(`^flow ${command}: unknown option '--bogus'\\. Usage: flow ${command} `));
    expect(rest).toEqual([""]);
    expect(code).toBe(2);
  });

  it.each(COMMANDS)("flow %s no/such/path: `flow CMD: path not found: PATH`", async (command) => {
    const { code, stderr } = await run([command, "no/such/path"]);
    expect(stderr).toBe(`flow ${command}: path not found: no/such/path\n`);
    expect(code).toBe(2);
  });

  it("an unknown command has the same form, without a command", async () => {
    const { code, stderr } = await run(["chek", "skills"]);
    expect(stderr).toBe("flow: unknown command 'chek'. Did you mean check?\n");
    expect(code).toBe(2);
  });
});

describe("a Markdown file that is not a skill is a usage error", () => {
  const notASkill = "README.md is not a skill: it is not named SKILL.md and has no skill frontmatter and no Steps block; give a skill folder or its SKILL.md";

  it.each(["check", "procedure", "chat"] as const)("flow %s README.md: one sentence, exit 2, no diagnostics", async (command) => {
    const { code, stdout, stderr } = await run([command, "README.md"]);
    expect(stderr).toBe(`flow ${command}: ${notASkill}\n`);
    expect(stdout).toBe("");
    expect(code).toBe(2);
  });

  it("flow prove README.md: not a proof file, in the same form", async () => {
    const { code, stderr } = await run(["prove", "README.md"]);
    expect(stderr).toBe("flow prove: README.md is not a proof file: a proof is a *.proof.yaml or prove.yaml file; to check a skill, run flow check\n");
    expect(code).toBe(2);
  });

  it("a proof whose skill: is a README is a located usage error, not a failed run", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "README.md"), "# Notes\n\nNothing to run here.\n");
    writeFileSync(join(dir, "a.proof.yaml"), "title: t\nskill: README.md\nturns:\n  - user: hi\n    expect: { asks: x }\n");
    const { code, stdout, stderr } = await run(["prove", join(dir, "a.proof.yaml")]);
    expect(stderr).toBe(`${dir}/a.proof.yaml:2:8: ${dir}/README.md is not a skill: it is not named SKILL.md and has no skill frontmatter and no Steps block; give a skill folder or its SKILL.md.\n`);
    expect(stdout).toBe("");
    expect(code).toBe(2);
  });

  it("a Markdown file with another name that reads like a skill is checked as one", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "refund.md"), "---\nname: refund\n---\n\n# Refund\n");
    const { code, stdout } = await run(["check", join(dir, "refund.md")]);
    expect(stdout).toContain("error missing-steps:");
    expect(code).toBe(1);
  });

  it.each<[string, boolean]>([
    ["---\nname: x\ndescription: y\n---\n", true],
    ["\uFEFF---\r\ntitle: t\r\ndescription: y\r\n---\r\n", true],
    ["# A skill\n\n## Steps\n\n```yaml\n- say: hi\n```\n", true],
    ["### steps ###\n", true],
    ["# Skillflow\n\nRuns agent skills.\n\n## Set up\n", false],
    ["---\ntitle: a blog post\n---\n\nname: not in frontmatter\n", false],
    ["Some steps to follow.\n", false],
  ])("looksLikeSkill(%j) is %s", (text, expected) => {
    expect(looksLikeSkill(text)).toBe(expected);
  });
});
