/**
 * The arguments of a call read from source text, without running it: for reading tool names from a
 * tools.ts that cannot be imported (read-tool-names.ts). Only literals are read — a string, an array of
 * strings, an object's top-level entries, `true`/`false` — and anything else is reported as not
 * literal (undefined), so nothing is guessed. Strings, template literals and brackets are skipped as
 * wholes, so a `name:` inside a tool's function is not taken for its config's. Pure.
 */

/** The index just past the bracket that closes the one at `open` (`(`, `[` or `{`), or -1. Pure. */
export function closingIndex(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === "`") i = stringEnd(code, i);
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The text inside the brackets at `open`, split at its top-level commas (trimmed; empty parts dropped), or undefined when unclosed. Pure. */
export function topLevelParts(code: string, open: number): string[] | undefined {
  const end = closingIndex(code, open);
  if (end < 0) return undefined;
  const inner = code.slice(open + 1, end - 1);
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === '"' || c === "'" || c === "`") i = stringEnd(inner, i);
    else if (c === "(" || c === "[" || c === "{") i = closingIndex(inner, i) - 1;
    else if (c === ",") {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
    if (i < 0) return undefined;
  }
  parts.push(inner.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

/**
 * An object literal's top-level entries, `key → value text`; a spread is kept under the key `...`
 * (its text; several joined), for the caller to judge; shorthand `{ input }` is kept as `input →
 * input` (a variable: no literal). A computed key makes the object not literal (undefined). Pure.
 */
export function objectEntries(text: string): Map<string, string> | undefined {
  if (!text.startsWith("{")) return undefined;
  const parts = topLevelParts(text, 0);
  if (!parts) return undefined;
  const entries = new Map<string, string>();
  for (const part of parts) {
    if (part.startsWith("...")) {
      entries.set("...", `${entries.get("...") ?? ""}${part}`);
      continue;
    }
    const entry = /^(?:(["'])([\w-]+)\1|([A-Za-z_$][\w$]*))\s*(?::\s*([\s\S]+))?$/.exec(part);
    if (!entry) return undefined;
    // Shorthand (`{ input }`) keeps the variable's name as its text: not a literal, whatever it holds.
    entries.set(entry[2] ?? entry[3]!, entry[4]?.trim() ?? entry[3]!);
  }
  return entries;
}

/** A string literal's value (no `${…}` in a template), else undefined. Pure. */
export function stringLiteral(text: string): string | undefined {
  const match = /^(["'`])([^"'`\\$]*)\1$/.exec(text.trim());
  return match?.[2];
}

/** An array of string literals, else undefined. Pure. */
export function stringArray(text: string): string[] | undefined {
  if (!text.startsWith("[")) return undefined;
  const parts = topLevelParts(text, 0);
  const values = parts?.map(stringLiteral);
  return values && values.every((v) => v !== undefined) ? (values as string[]) : undefined;
}

/** The index of the quote that closes the string starting at `start` (or the end of the text). */
function stringEnd(code: string, start: number): number {
  const quote = code[start];
  for (let i = start + 1; i < code.length; i++) {
    if (code[i] === "\\") i++;
    else if (code[i] === quote) return i;
  }
  return code.length;
}
