/**
 * Small helpers to build `Inline` text. Pure.
 */
import type { Inline } from "./model.js";

export const code = (text: string): { code: string } => ({ code: text });

/** Concatenate pieces, merging neighbouring plain strings and dropping empty ones. */
export function inline(...pieces: Array<string | { code: string } | Inline>): Inline {
  const out: Inline = [];
  for (const piece of pieces.flat()) {
    const last = out[out.length - 1];
    if (typeof piece === "string") {
      if (piece === "") continue;
      if (typeof last === "string") out[out.length - 1] = last + piece;
      else out.push(piece);
    } else out.push(piece);
  }
  return out;
}

/** Join several texts with a separator, and a different one before the last (`a, b and c`). */
export function joinList(items: readonly Inline[], sep = ", ", last = " and "): Inline {
  const pieces: Inline[] = [];
  items.forEach((item, i) => {
    if (i > 0) pieces.push([i === items.length - 1 ? last : sep]);
    pieces.push(item);
  });
  return inline(...pieces);
}

/** Text in double quotes, as the skill wrote it. */
export const quoted = (text: string): string => `"${text}"`;

/** The plain text of an inline, code shown in backticks (for tests and plain-text use). */
export function plainText(text: Inline): string {
  return text.map((p) => (typeof p === "string" ? p : `\`${p.code}\``)).join("");
}
