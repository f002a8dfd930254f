/**
 * When two `when`s cannot both hold: `when: C` and `when: !C` (or `!(C)`), compared as written
 * (spaces and outer parentheses ignored). Conservative: anything else may hold together. Pure.
 */

/** A condition as a guard: its normal text and whether it was negated. */
export interface Guard {
  text: string;
  positive: boolean;
}

export function guardOf(source: string): Guard {
  let text = stripParens(source.replace(/\s+/g, ""));
  let positive = true;
  while (text.startsWith("!")) {
    const rest = stripParens(text.slice(1));
    if (rest !== text.slice(1) || /^[\w.]+$/.test(rest)) [text, positive] = [rest, !positive];
    else break;
  }
  return { text, positive };
}

/** Do two lists of guards (the `when`s around two steps) contradict, so no path passes both? */
export function contradict(a: readonly Guard[], b: readonly Guard[]): boolean {
  return a.some((x) => b.some((y) => x.text === y.text && x.positive !== y.positive));
}

/** `(C)` → `C` when the outer parentheses enclose the whole text. */
function stripParens(text: string): string {
  while (text.startsWith("(") && closingParen(text) === text.length - 1) text = text.slice(1, -1);
  return text;
}

function closingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return -1;
}
