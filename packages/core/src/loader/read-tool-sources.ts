/**
 * The text of a tools.ts and of the files it imports by a relative path (`./lookups.js` read as
 * `lookups.ts`), followed to any depth up to 40 files: where a tools.ts that cannot be imported declares
 * its tools (read-tool-names.ts). A file that cannot be read is left out. The edge: reads files.
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";

const MAX_FILES = 40;

/** `source` (the text of `file`) and the texts of the files it imports relatively, in the order found. */
export async function readToolSources(file: string, source: string): Promise<string[]> {
  const texts: string[] = [];
  const seen = new Set<string>();
  const queue: Array<{ file: string; text?: string }> = [{ file: resolve(file), text: source }];
  while (queue.length && seen.size < MAX_FILES) {
    const next = queue.shift()!;
    if (seen.has(next.file)) continue;
    seen.add(next.file);
    const text = next.text ?? await readFirst(candidates(next.file));
    if (text === undefined) continue;
    texts.push(text);
    for (const [, spec] of text.matchAll(/\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g)) queue.push({ file: resolve(dirname(next.file), spec!) });
  }
  return texts;
}

/** `x.js` is written for `x.ts` (or `x.mts`, `x.js` itself); a path with no extension may be any of them. */
function candidates(file: string): string[] {
  const base = file.replace(/\.(m?js|m?ts)$/, "");
  return [`${base}.ts`, `${base}.mts`, `${base}.js`, `${base}.mjs`, file];
}

async function readFirst(files: string[]): Promise<string | undefined> {
  for (const file of files) {
    try {
      return await readFile(file, "utf8");
    } catch {
      // not this one
    }
  }
  return undefined;
}
