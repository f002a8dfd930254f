/**
 * Reading SKILL.md from disk (the edge): the path of a skill folder or file, a size cap checked before
 * reading, and bytes that must be UTF-8 text. Every failure is a located diagnostic.
 */
import { readFile, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { MAX_SKILL_BYTES } from "../format/check-text.js";
import { makeDiagnostic, positionAt } from "../format/diagnose.js";

const START = { line: 1, column: 1 };

/** SKILL.md of a skill folder, or the file itself. A path that cannot be read is returned as is. */
export async function skillFileOf(path: string): Promise<string> {
  try {
    return (await stat(path)).isDirectory() && basename(path) !== "SKILL.md" ? join(path, "SKILL.md") : path;
  } catch {
    return path;
  }
}

/** The text of `file`, or diagnostics saying why there is none. */
export async function readSkillText(file: string): Promise<{ text?: string; diagnostics: Diagnostic[] }> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) {
      return fail(makeDiagnostic(file, "file-unreadable", START, "SKILL.md is a folder, not a file.", "Point flow at a skill folder or at its SKILL.md file."));
    }
    if (info.size > MAX_SKILL_BYTES) {
      const reason = `SKILL.md is ${info.size} bytes, more than the ${MAX_SKILL_BYTES} a skill may have.`;
      return fail(makeDiagnostic(file, "file-too-large", START, reason, "Split the flow into smaller skills, or check that this is the right file."));
    }
    return decodeSkillBytes(await readFile(file), file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "an unknown error";
    const reason = code === "ENOENT" ? "SKILL.md does not exist." : `SKILL.md cannot be read (${code}).`;
    return fail(makeDiagnostic(file, "file-unreadable", START, reason, "Check the path, and that the file exists and is readable."));
  }
}

/** Bytes → text; bytes that are not UTF-8 make it a binary file. Pure. */
export function decodeSkillBytes(bytes: Uint8Array, file: string): { text?: string; diagnostics: Diagnostic[] } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), diagnostics: [] };
  } catch {
    const loose = new TextDecoder("utf-8").decode(bytes);
    const at = positionAt(loose, Math.max(0, loose.indexOf("\uFFFD")));
    return fail(makeDiagnostic(file, "binary-file", at, "SKILL.md is not UTF-8 text.", "Save SKILL.md as UTF-8 text, or point flow at the right file."));
  }
}

function fail(diagnostic: Diagnostic): { diagnostics: Diagnostic[] } {
  return { diagnostics: [diagnostic] };
}
