/**
 * Promise 1 by construction: @skillflow/core reads no clock, draws no random numbers, opens no network
 * connection and reads no environment, so `step` and every check give the same answer in every run and
 * every process (the edge loader in src/loader/ is the one exception, and does none of these either
 * beyond reading files, and one timer: the deadline on importing a skill's tools.ts, so code that never
 * finishes importing is reported as `tools-timeout` instead of hanging). Checked on the source text of
 * every core module; comments are ignored.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../packages/core/src/", import.meta.url));

/** Calls that make a result depend on when, where or how often it runs. */
const NONDETERMINISTIC: Array<[string, RegExp]> = [
  ["the clock", /\bDate\.now\s*\(|\bnew\s+Date\s*\(\s*\)|\bperformance\.now\s*\(|\bprocess\.hrtime\b/],
  ["randomness", /\bMath\.random\s*\(|\brandom(UUID|Bytes|Int|Fill)\b|\bgetRandomValues\b/],
  ["timers", /\bset(Timeout|Interval|Immediate)\s*\(/],
  ["the network", /\bfetch\s*\(|\bnew\s+(WebSocket|XMLHttpRequest)\b/],
  ["the environment", /\bprocess\.(env|argv|cwd|platform)\b/],
];

/**
 * The one allowed use: the loader's deadline on importing tools.ts and on listing its tool sources
 * (`settleWithin`; it decides no result of a pure module).
 */
const ALLOWED = new Set(["loader/settle-within.ts uses timers"]);

/** Modules that reach outside the process or its clock. */
const FORBIDDEN_IMPORTS = /^(node:)?(https?|http2|net|tls|dgram|dns|child_process|cluster|worker_threads|os|timers|perf_hooks|readline)(\/|$)|^(undici|node-fetch|axios)$/;

/** Every module specifier a file imports: static, re-exported, side-effect or dynamic. */
function importsOf(text: string): string[] {
  const pattern = /\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g;
  return [...text.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

/** The code of a file without its comments (doc comments may mention what the code must not do). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const files = sourceFiles(src).map((file) => {
  const text = readFileSync(file, "utf8");
  return { path: relative(src, file).split("\\").join("/"), code: withoutComments(text), imports: importsOf(text) };
});

describe("core determinism", () => {
  it("reads every core module", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(["runtime/step.ts", "runtime/digest.ts", "check/paths.ts"]));
  });

  it("no core module reads the clock, draws random numbers, sets timers, uses the network or the environment", () => {
    const offenders = files.flatMap((f) =>
      NONDETERMINISTIC.filter(([, pattern]) => pattern.test(f.code)).map(([what]) => `${f.path} uses ${what}`),
    ).filter((offense) => !ALLOWED.has(offense));
    expect(offenders).toEqual([]);
  });

  it("no core module imports a network, process or timer module", () => {
    const offenders = files.flatMap((f) => f.imports.filter((spec) => FORBIDDEN_IMPORTS.test(spec)).map((spec) => `${f.path} imports ${spec}`));
    expect(offenders).toEqual([]);
  });

  it("catches what it is meant to catch", () => {
    const caught = (code: string) => NONDETERMINISTIC.filter(([, p]) => p.test(withoutComments(code))).map(([what]) => what);
    expect(caught("const key = digestOf([flowId, Date.now()]);")).toEqual(["the clock"]);
    expect(caught("const id = crypto.randomUUID();")).toEqual(["randomness"]);
    expect(caught("const d = new Date(Date.UTC(y, m, d));")).toEqual([]);
    expect(caught("// never call Date.now() here")).toEqual([]);
    expect(FORBIDDEN_IMPORTS.test("node:http")).toBe(true);
    expect(FORBIDDEN_IMPORTS.test("node:crypto")).toBe(false);
  });
});
