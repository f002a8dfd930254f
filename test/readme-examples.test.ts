/**
 * The README's examples are kept true by running them, as docs/checks.md is kept true by its fixtures.
 *
 * Convention — for anyone adding a README section: put one of these HTML comments on the line right
 * above a fenced block of commands (```sh / ```bash / ```shell, or a block with `$ ` lines):
 *
 *   <!-- readme-test: output -->        a block of `$ command` lines, each followed by what it prints
 *                                       (stdout and stderr together, no color). The output must match
 *                                       line for line, where a line that is just `…` stands for any
 *                                       number of lines and `…` inside a line for any text (an id, a
 *                                       reference). The exit code is not compared.
 *   <!-- readme-test: runs -->          one command a line (`# comments` allowed): each must exit 0,
 *                                       with stdin closed (a chat ends at once, at end of input).
 *   <!-- readme-test: skip (reason) --> not run; the reason is required (it installs, it is the suite…).
 *
 * A block of commands without a marker fails here, so a new example cannot drift unnoticed.
 *
 * Commands run with bash in a scratch copy of the repository (skills/ copied; node_modules, packages,
 * proofs, test and docs linked), with no model key, so what they write (.flow/, PROCEDURE.md, a page)
 * never lands in the working tree. `npx flow` is the CLI built from these sources (built first).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchesShown, readExamples } from "./helpers/readme-examples.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const examples = readExamples(readFileSync(join(root, "README.md"), "utf8"));
const LINKED = ["node_modules", "packages", "proofs", "test", "docs", "package.json", "tsconfig.base.json", "tsconfig.json"];
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GOOGLE_API_KEY|FLOW_DEBUG|FORCE_COLOR)$/.test(name)));
let scratch = "";

beforeAll(() => {
  spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b"], { cwd: root, encoding: "utf8" });
  expect(existsSync(join(root, "packages/cli/dist/main.js"))).toBe(true);
  scratch = mkdtempSync(join(tmpdir(), "readme-"));
  for (const name of LINKED) symlinkSync(join(root, name), join(scratch, name));
  cpSync(join(root, "skills"), join(scratch, "skills"), { recursive: true });
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Run one shown command in the scratch copy: its exit code and everything it printed. */
function sh(command: string): { code: number | null; output: string } {
  const result = spawnSync("bash", ["-c", `{ ${command}\n} 2>&1`], { cwd: scratch, env: { ...env, NO_COLOR: "1" }, input: "", encoding: "utf8", timeout: 60_000 });
  return { code: result.status, output: result.stdout };
}

describe("README.md examples", () => {
  it("marks every block of commands (output, runs, or skip with a reason)", () => {
    const unmarked = examples.filter((e) => !e.kind).map((e) => `README.md:${e.line}`);
    expect(unmarked, "add <!-- readme-test: output|runs|skip (reason) --> above these blocks").toEqual([]);
    expect(examples.filter((e) => e.kind === "skip" && !e.reason).map((e) => `README.md:${e.line}`)).toEqual([]);
    expect(examples.filter((e) => e.kind === "output" && e.runs.length === 0).map((e) => `README.md:${e.line}`)).toEqual([]);
    expect(examples.filter((e) => e.kind !== "skip").length).toBeGreaterThanOrEqual(4);
  });

  const shown = examples.filter((e) => e.kind === "output").flatMap((e) => e.runs.map((run) => [e.line, run.command, run] as const));
  it.each(shown)("README.md:%i: `%s` prints what is shown", (_line, _command, run) => {
    const { output } = sh(run.command);
    expect(matchesShown(output, run.expected), `shown:\n${run.expected.join("\n")}\nprinted:\n${output}`).toBe(true);
  });

  const runs = examples.filter((e) => e.kind === "runs").flatMap((e) => e.commands.map((command) => [e.line, command] as const));
  it.each(runs)("README.md:%i: `%s` exits 0", (_line, command) => {
    const { code, output } = sh(command);
    expect(code, output).toBe(0);
  });
});

describe("the example matcher", () => {
  it("matches line for line, `…` as any lines or any text in a line", () => {
    expect(matchesShown("a\nb\nc\n", ["a", "…", "c"])).toBe(true);
    expect(matchesShown("a\nc\n", ["a", "…", "c"])).toBe(true);
    expect(matchesShown("Booked. TRIP-12AB.\n\nusage: 2\n", ["…", "Booked. TRIP-….", "", "usage: 2"])).toBe(true);
    expect(matchesShown("a\nb\n\n", ["a", "b"])).toBe(true);
  });

  it("fails on a changed, missing or extra line", () => {
    expect(matchesShown("a\nB\n", ["a", "b"])).toBe(false);
    expect(matchesShown("a\n", ["a", "b"])).toBe(false);
    expect(matchesShown("a\nb\nc\n", ["a", "b"])).toBe(false);
    expect(matchesShown("x.y\n", ["x…z"])).toBe(false);
  });

  it("reads markers, commands and shown runs; a block of commands with no marker has no kind", () => {
    const md = [
      "<!-- readme-test: skip (it installs) -->", "```sh", "npm ci", "```",
      "<!-- readme-test: runs -->", "```sh", "npx flow check skills   # all of them", "# a comment", "```",
      "<!-- readme-test: output -->", "```", "$ echo hi", "hi", "$ echo there", "there", "```",
      "```sh", "npx flow prove proofs", "```",
      "```", "plain text, not commands", "```",
    ].join("\n");
    const found = readExamples(md);
    expect(found.map((e) => [e.kind, e.reason])).toEqual([["skip", "it installs"], ["runs", undefined], ["output", undefined], [undefined, undefined]]);
    expect(found[1]!.commands).toEqual(["npx flow check skills"]);
    expect(found[2]!.runs).toEqual([{ command: "echo hi", expected: ["hi"] }, { command: "echo there", expected: ["there"] }]);
  });
});
