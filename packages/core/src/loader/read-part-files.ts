/**
 * The loader's `PartReader`: a part named by `use:` is read from disk, from the folder of the file that
 * names it, and each part file is read once per reader, however many skills (or `use:` lines) name it.
 * A host that loads several skills gives them one reader (`loadSkill(…, { parts })`), so a part they
 * share is read once. A file that is missing, a folder, or not UTF-8 has no text (`part-not-found`).
 */
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import type { PartReader } from "../format/use-part.js";

/** A reader of part files with its own cache; `read` reads one file's bytes (the disk by default). */
export function partFiles(read: (file: string) => Uint8Array = (file) => readFileSync(file)): PartReader {
  const texts = new Map<string, string | undefined>();
  return (ref, from) => {
    const file = isAbsolute(ref) ? ref : join(dirname(from), ref);
    if (!texts.has(file)) texts.set(file, textOf(file, read));
    const text = texts.get(file);
    return text === undefined ? { file } : { file, text };
  };
}

function textOf(file: string, read: (file: string) => Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(read(file));
  } catch {
    return undefined;
  }
}
