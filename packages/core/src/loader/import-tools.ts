/**
 * Importing a skill's tools.ts at run time with jiti (the edge). jiti is loaded on first use, so checking
 * a skill without tools never pays for it. Each load evaluates the file afresh (no module cache), so
 * in-memory fake tools start clean. A syntax error, a throw, a missing import or an import that never
 * finishes is a located diagnostic (describe-import-error.ts).
 */
import { access } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Diagnostic } from "../diagnostics.js";
import { describeImportError, describeImportTimeout, type CompiledTools } from "./describe-import-error.js";
import { frameIn, wrapperWidthOf } from "./map-source-position.js";
import { settleWithin, TIMED_OUT } from "./settle-within.js";
import { withTypeScriptSpecifiers } from "./typescript-specifiers.js";

const CANDIDATES = ["tools.ts", "tools.mts", "tools.js", "tools.mjs"];

type Jiti = {
  import(id: string): Promise<unknown>;
  transform(options: { source: string; filename: string; ts: boolean; async: boolean }): string;
  evalModule(source: string, options: { filename: string; async: boolean; forceTranspile: boolean }): unknown;
};
let jiti: Promise<Jiti> | undefined;
let mapper: Promise<Jiti> | undefined;
let wrapperWidth: Promise<number> | undefined;

/** The tools file beside SKILL.md, if there is one. */
export async function findToolsFile(skillFile: string): Promise<string | undefined> {
  for (const name of CANDIDATES) {
    const file = join(dirname(skillFile), name);
    try {
      await access(file);
      return file;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** How long importing tools.ts may take by default; the CLI reads `FLOW_IMPORT_TIMEOUT_MS` (ms) to change it. */
export const DEFAULT_IMPORT_TIMEOUT_MS = 10_000;

/** The import time limit `env` sets (`FLOW_IMPORT_TIMEOUT_MS`, a positive number of ms), else the default. Pure. */
export function importTimeoutOf(env: Record<string, string | undefined>): number {
  const ms = Number(env.FLOW_IMPORT_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_IMPORT_TIMEOUT_MS;
}

/**
 * Import `file`; on failure the diagnostic says why (tools-syntax, tools-throws), and an import still
 * unfinished after `timeoutMs` (a top-level `await` that never settles) is a tools-timeout.
 */
export async function importTools(file: string, source?: string, timeoutMs = DEFAULT_IMPORT_TIMEOUT_MS): Promise<{ module?: unknown; diagnostic?: Diagnostic }> {
  try {
    // jiti resolves relative ids against this module, not the working directory.
    const module = await settleWithin((await runner()).import(resolve(file)), timeoutMs);
    if (module === TIMED_OUT) return { diagnostic: describeImportTimeout(file, source, timeoutMs) };
    return { module };
  } catch (error) {
    return { diagnostic: describeImportError(error, file, source, await compiledOf(file, source)) };
  }
}

/**
 * The jiti that runs tools files: jiti's own compiler (whose disk cache keeps the compiled code), then
 * each relative `./x.js` import of an `x.ts` named as the file it is (typescript-specifiers.ts). The
 * runner keeps no disk cache of its own, so a renamed or added file is seen on the next load.
 */
function runner(): Promise<Jiti> {
  return (jiti ??= import("jiti").then(({ createJiti }) => {
    const compiler = createJiti(import.meta.url, { moduleCache: false });
    return createJiti(import.meta.url, {
      moduleCache: false,
      fsCache: false,
      transform: (options) => ({ code: withTypeScriptSpecifiers(compiler.transform(options), options.filename) }),
    });
  }));
}

const isTypeScript = (file: string) => /\.[cm]?tsx?$/.test(file);

/** tools.ts as jiti ran it, and the width of jiti's line-1 wrapper. Only compiled TypeScript needs mapping. */
async function compiledOf(file: string, source: string | undefined): Promise<CompiledTools | undefined> {
  if (source === undefined || !isTypeScript(file)) return undefined;
  try {
    const code = await compileWithMap(source, resolve(file));
    return { code, wrapperWidth: await (wrapperWidth ??= measureWrapper()) };
  } catch {
    return undefined;
  }
}

/** Compile as jiti does, with an inline source map: a second jiti, whose transform cache keeps maps. */
async function compileWithMap(source: string, filename: string): Promise<string> {
  mapper ??= import("jiti").then(({ createJiti }) => createJiti(import.meta.url, { moduleCache: false, sourceMaps: true }));
  return (await mapper).transform({ source, filename, ts: isTypeScript(filename), async: true });
}

/** Run a probe that throws at `new` on line 1, and compare the frame's column with the compiled probe's. */
async function measureWrapper(): Promise<number> {
  const probe = 'throw new Error("probe");';
  const filename = join(dirname(fileURLToPath(import.meta.url)), "wrapper-probe.ts");
  try {
    await (await runner()).evalModule(probe, { filename, async: true, forceTranspile: true });
    return 0;
  } catch (error) {
    return wrapperWidthOf(frameIn(error, filename), await compileWithMap(probe, filename));
  }
}
