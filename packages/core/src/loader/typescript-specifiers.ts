/**
 * TypeScript's own import convention for jiti. A tools.ts written for Node's ESM imports its neighbours as
 * `./store/find.js` while the file on disk is `find.ts`; jiti finds it only after every other guess
 * failed — the id as written, with nine extensions appended, as a folder's index, under three sets of
 * export conditions — each guess a failed `stat` and often a thrown error. For the retail skills that was
 * 64,000 `stat` calls and 1.7 of the 2.6 s `flow check skills/retail` took.
 *
 * `withTypeScriptSpecifiers` rewrites, in the compiled code, a relative `.js` / `.mjs` / `.cjs` import
 * whose file does not exist while the `.ts` / `.mts` / `.cts` beside it does — what `tsc` resolves it
 * to — so jiti's first guess is the file. The two names are the same length, so every line and column
 * of the compiled code stays where it was (error locations are mapped through it). An import whose file
 * exists, or that neither name matches, is left as written.
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** `require("./x.js")` or `jitiImport("./x.js")` as jiti compiles imports: not a method (`a.require`), not right after a quote (a string spelling an import). */
const RELATIVE_IMPORT = /(?<![\w$.'"`])(jitiImport|require)\((["'])(\.{1,2}\/[^"'\n]*?)\.(m|c)?js\2\)/g;

/** `code` (compiled from `filename`) with each relative import of a missing `.js` whose `.ts` exists renamed. */
export function withTypeScriptSpecifiers(code: string, filename: string | undefined): string {
  if (filename === undefined || !code.includes("js")) return code;
  const folder = dirname(filename);
  return code.replace(RELATIVE_IMPORT, (whole, call: string, quote: string, stem: string, kind = "") => {
    const target = resolve(folder, stem);
    if (existsSync(`${target}.${kind}js`) || !existsSync(`${target}.${kind}ts`)) return whole;
    return `${call}(${quote}${stem}.${kind}ts${quote})`;
  });
}
