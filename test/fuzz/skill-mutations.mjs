/**
 * Random mutations of SKILL.md text (deleted, swapped and re-indented lines, replaced keys, misspelt
 * words, random bytes) and the invariant every parse+check result must keep. Shared by
 * test/loader-fuzz.test.ts (small run) and bench/fuzz.mjs (large run, from dist). Plain ESM so both can
 * import it. Pure.
 */

const KEYS = [
  "say", "ask", "do", "confirm", "chat", "when", "repeat", "steps", "from", "widget", "check", "by", "for", "in",
  "choices", "pattern", "number", "decimal", "lookup", "text", "date", "yes_no", "secret", "message", "synonyms",
  "description", "name", "min", "max", "places",
];
const JUNK = ["\u0000", "\uFFFD", "\t", "{", "}", "{{", "[", "]", ":", ": ", "- ", "#", "'", '"', "`", "```", "---", "\n", "\r", "&a ", "*a", "!!int ", "|", ">", "\\", "\u200B"];

/** An arbitrary list of 1–3 mutations for `text` (`fc` is fast-check). */
export function mutationsArb(fc, text) {
  const lineCount = text.split("\n").length;
  const line = fc.nat({ max: lineCount - 1 });
  const offset = fc.nat({ max: text.length });
  const mutation = fc.oneof(
    line.map((i) => ({ kind: "delete-line", i })),
    fc.tuple(line, line).map(([i, j]) => ({ kind: "swap-lines", i, j })),
    fc.tuple(line, fc.constantFrom(...KEYS)).map(([i, key]) => ({ kind: "replace-key", i, key })),
    fc.tuple(fc.nat(), fc.nat(), fc.constantFrom("insert", "delete", "replace", "swap"), fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz_")).map(
      ([word, at, op, letter]) => ({ kind: "misspell", word, at, op, letter }),
    ),
    fc.tuple(offset, fc.oneof(fc.constantFrom(...JUNK), fc.string({ unit: "binary", maxLength: 8 }))).map(([at, junk]) => ({ kind: "insert", at, junk })),
    fc.tuple(line, fc.integer({ min: -4, max: 4 })).map(([i, by]) => ({ kind: "indent", i, by })),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 });
}

/** Apply mutations in order; indexes wrap around the current text, so every mutation applies. */
export function applyMutations(text, mutations) {
  return mutations.reduce(applyOne, text);
}

function applyOne(text, m) {
  const lines = text.split("\n");
  const i = m.i % lines.length;
  switch (m.kind) {
    case "delete-line":
      lines.splice(i, 1);
      return lines.join("\n");
    case "swap-lines": {
      const j = m.j % lines.length;
      [lines[i], lines[j]] = [lines[j], lines[i]];
      return lines.join("\n");
    }
    case "replace-key":
      lines[i] = lines[i].replace(/[A-Za-z_]+(?=\s*:)/, m.key);
      return lines.join("\n");
    case "indent":
      lines[i] = m.by >= 0 ? " ".repeat(m.by) + lines[i] : lines[i].replace(new RegExp(`^ {0,${-m.by}}`), "");
      return lines.join("\n");
    case "insert": {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.junk + text.slice(at);
    }
    case "misspell":
      return misspell(text, m);
    default:
      throw new Error(`unknown mutation ${m.kind}`);
  }
}

function misspell(text, m) {
  const words = [...text.matchAll(/[A-Za-z_]{2,}/g)];
  if (words.length === 0) return text;
  const word = words[m.word % words.length];
  const p = m.at % word[0].length;
  const chars = [...word[0]];
  if (m.op === "insert") chars.splice(p, 0, m.letter);
  else if (m.op === "delete") chars.splice(p, 1);
  else if (m.op === "replace") chars[p] = m.letter;
  else if (p + 1 < chars.length) [chars[p], chars[p + 1]] = [chars[p + 1], chars[p]];
  return text.slice(0, word.index) + chars.join("") + text.slice(word.index + word[0].length);
}

/**
 * What must hold of every diagnostic of `text` (SKILL.md at `file`): a known rule and severity, a reason
 * and a fix, and a place inside the file (line ≥ 1 and column ≥ 1, within the lines as counted after
 * normalizing line endings). Returns the first violation as a sentence, or undefined.
 */
export function violation(text, file, diagnostics, rules) {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const lines = body.split(/\r\n?|\n/);
  for (const d of diagnostics) {
    const where = `${d.ruleId} at ${d.line}:${d.column}`;
    if (!rules.has(d.ruleId)) return `unknown rule ${where}`;
    if (d.severity !== "error" && d.severity !== "warning") return `bad severity ${where}`;
    if (!d.reason || !d.fix) return `no reason or fix: ${where}`;
    if (!(Number.isInteger(d.line) && d.line >= 1 && Number.isInteger(d.column) && d.column >= 1)) return `not located: ${where}`;
    if (d.file !== file) continue; // tools.ts diagnostics are located in tools.ts
    if (d.line > lines.length) return `past the last line (${lines.length}): ${where}`;
    if (d.column > lines[d.line - 1].length + 1) return `past the end of line ${d.line} (${lines[d.line - 1].length} chars): ${where}`;
  }
  return undefined;
}
