/**
 * File-level problems found before any parsing: an empty file, a binary file, a huge file. Pure.
 */
import { positionAt, type ParseReport } from "./diagnose.js";

/** The largest SKILL.md Skillflow reads (1 MiB); real skills are a few kilobytes. */
export const MAX_SKILL_BYTES = 1024 * 1024;

/**
 * Report the file-level problem of `text`, if any, and say whether parsing may go on.
 * A NUL character means the file is not text (valid UTF-8 text never contains one).
 */
export function checkText(text: string, report: ParseReport): boolean {
  if (text.length > MAX_SKILL_BYTES) {
    report(
      "file-too-large",
      { line: 1, column: 1 },
      `SKILL.md has ${text.length} characters, more than the ${MAX_SKILL_BYTES} a skill may have.`,
      "Split the flow into smaller skills, or check that this is the right file.",
    );
    return false;
  }
  const nul = text.indexOf("\u0000");
  if (nul >= 0) {
    report(
      "binary-file",
      positionAt(text, nul),
      "SKILL.md contains a NUL byte, so it is not a text file.",
      "Save SKILL.md as UTF-8 text, or point flow at the right file.",
    );
    return false;
  }
  if (text.trim() === "") {
    report(
      "empty-file",
      { line: 1, column: 1 },
      "SKILL.md is empty.",
      "Write the frontmatter (name, description), a `## Steps` heading and a ```yaml block of steps under it.",
    );
    return false;
  }
  return true;
}

/** Line endings as `\n` and no byte-order mark, so that every position counts the same way. */
export function normalizeText(text: string): string {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  return body.replace(/\r\n?/g, "\n");
}
