/**
 * The examples of README.md and docs/*.md are kept true by running them, as docs/checks.md is kept true
 * by its fixtures.
 *
 * Convention — for anyone adding a section: put one of these HTML comments on the line right above a
 * fenced block of commands (```sh / ```bash / ```shell, or a block with `$ ` lines):
 *
 *   <!-- readme-test: output -->        a block of `$ command` lines, each followed by what it prints
 *                                       (stdout and stderr together, no color). The output must match
 *                                       line for line, where a line that is just `…` stands for any
 *                                       number of lines and `…` inside a line for any text (an id, a
 *                                       reference). The exit code is not compared.
 *   <!-- readme-test: transcript -->    the same, for a conversation (`flow chat`): the lines shown after
 *                                       a `> ` prompt are what the person typed; they are piped in, and
 *                                       the chat echoes each after its prompt, so the output is compared
 *                                       with the whole transcript as shown.
 *   <!-- readme-test: runs -->          one command a line (`# comments` allowed): each must exit 0,
 *                                       with stdin closed (a chat ends at once, at end of input).
 *   <!-- readme-test: skip (reason) --> not run; the reason is required (it installs, it is the suite…).
 *
 * A block of commands without a marker fails here, so a new example cannot drift unnoticed.
 *
 * The CLI is built once (`tsc -b`, a no-op when up to date). Each command runs with bash in its own
 * scratch copy of the repository (skills/ copied; node_modules, packages, proofs, test and docs linked),
 * with no model key, so what it writes (.flow/, PROCEDURE.md, a page) never lands in the working tree
 * and commands can run side by side: a few at a time, as the machine has cores.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchesShown, readExamples, typedInput, type Example } from "./helpers/readme-examples.js";
import { limitConcurrency } from "./helpers/limit-concurrency.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const FILES = ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)];
const examples: Array<Example & { file: string }> = FILES.flatMap((file) =>
  readExamples(readFileSync(join(root, file), "utf8")).map((e) => ({ ...e, file })),
);
const LINKED = ["node_modules", "packages", "proofs", "test", "docs", "package.json", "tsconfig.base.json", "tsconfig.json"];
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GOOGLE_API_KEY|FLOW_DEBUG|FORCE_COLOR)$/.test(name)));
const scratches: string[] = [];
const slot = limitConcurrency(Math.max(2, Math.min(4, availableParallelism())));

beforeAll(() => {
  spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b"], { cwd: root, encoding: "utf8" });
  expect(existsSync(join(root, "packages/cli/dist/main.js"))).toBe(true);
}, 120_000);
afterAll(() => scratches.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fresh scratch copy of the repository for one command. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "doc-example-"));
  scratches.push(dir);
  for (const name of LINKED) symlinkSync(join(root, name), join(dir, name));
  cpSync(join(root, "skills"), join(dir, "skills"), { recursive: true });
  return dir;
}

/**
 * `npx NAME` of a package installed here runs its bin directly: the same program, without npx's own
 * start-up (about a third of a second a command).
 */
const NPX = 'npx() { if [ -x "node_modules/.bin/$1" ]; then "node_modules/.bin/$1" "${@:2}"; else command npx "$@"; fi; }';

type Ran = { code: number | null; output: string };
const ran = new Map<string, Promise<Ran>>();

/**
 * Run one shown command in its own scratch copy: its exit code and everything it printed. A command
 * shown twice (the README and a page of docs/) with the same input runs once.
 */
function sh(command: string, input = ""): Promise<Ran> {
  const key = JSON.stringify([command, input]);
  if (!ran.has(key)) ran.set(key, slot(() => run(command, input)));
  return ran.get(key)!;
}

function run(command: string, input: string): Promise<Ran> {
  return new Promise((done) => {
    // FLOW_IMPORT_TIMEOUT_MS: the suite runs three files at once, and importing tools.ts that starts an MCP
    // server (over-mcp) can take more than the default 10 s then; a command that sets its own still wins.
    const child = spawn("bash", ["-c", `${NPX}\n{ ${command}\n} 2>&1`], { cwd: scratch(), env: { FLOW_IMPORT_TIMEOUT_MS: "30000", ...env, NO_COLOR: "1" }, timeout: 60_000 });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => done({ code, output }));
    child.stdin.end(input);
  });
}

const where = (e: { file: string; line: number }) => `${e.file}:${e.line}`;

describe("the examples of README.md and docs/*.md", () => {
  it("marks every block of commands (output, transcript, runs, or skip with a reason)", () => {
    const unmarked = examples.filter((e) => !e.kind).map(where);
    expect(unmarked, "add <!-- readme-test: output|transcript|runs|skip (reason) --> above these blocks").toEqual([]);
    expect(examples.filter((e) => e.kind === "skip" && !e.reason).map(where)).toEqual([]);
    expect(examples.filter((e) => (e.kind === "output" || e.kind === "transcript") && e.runs.length === 0).map(where)).toEqual([]);
    expect(examples.filter((e) => e.file === "README.md" && e.kind !== "skip").length).toBeGreaterThanOrEqual(4);
  });

  const shown = examples
    .filter((e) => e.kind === "output" || e.kind === "transcript")
    .flatMap((e) => e.runs.map((run) => [where(e), run.command, { run, typed: e.kind === "transcript" }] as const));
  it.concurrent.each(shown)("%s: `%s` prints what is shown", async (_at, _command, { run, typed }) => {
    const { output } = await sh(run.command, typed ? typedInput(run.expected) : "");
    expect(matchesShown(output, run.expected), `shown:\n${run.expected.join("\n")}\nprinted:\n${output}`).toBe(true);
  }, 90_000);

  const runs = examples.filter((e) => e.kind === "runs").flatMap((e) => e.commands.map((command) => [where(e), command] as const));
  it.concurrent.each(runs)("%s: `%s` exits 0", async (_at, command) => {
    const { code, output } = await sh(command);
    expect(code, output).toBe(0);
  }, 90_000);
});

/** Pages the docs may not yet stand without, with why (none now). */
const OUTSIDE_ALLOWED = new Set<string>();

describe("the docs stand alone", () => {
  it("every relative link, and every `../…md` page named in backticks, is a file in the repository", () => {
    const broken: string[] = [];
    for (const file of FILES) {
      const text = readFileSync(join(root, file), "utf8");
      // A page to read, not a data folder ("the store reads it from `../shared/tau2-retail/`").
      for (const m of text.matchAll(/\]\(([^)\s]+)\)|`(\.\.\/[^`\s]+\.md)`/g)) {
        const target = (m[1] ?? m[2])!.split("#")[0]!;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const path = resolve(dirname(join(root, file)), target);
        const inside = !relative(root, path).startsWith("..");
        if ((!inside || !existsSync(path)) && !OUTSIDE_ALLOWED.has(`${file} ${m[0]}`)) broken.push(`${file}: ${m[0]}`);
      }
    }
    expect(broken).toEqual([]);
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
      "<!-- readme-test: transcript -->", "```", "$ npx flow chat skills/x", "Which one?", "> 3 nights", "", "Done.", "```",
    ].join("\n");
    const found = readExamples(md);
    expect(found.map((e) => [e.kind, e.reason])).toEqual([["skip", "it installs"], ["runs", undefined], ["output", undefined], [undefined, undefined], ["transcript", undefined]]);
    expect(found[1]!.commands).toEqual(["npx flow check skills"]);
    expect(found[2]!.runs).toEqual([{ command: "echo hi", expected: ["hi"] }, { command: "echo there", expected: ["there"] }]);
    expect(typedInput(found[4]!.runs[0]!.expected)).toBe("3 nights\n");
  });
});
