/**
 * A typed line as the rows of a pick of several rows (`many: true`): numbers, ranges and row ids, apart
 * by commas, spaces, `and` or `&` — "1, 3", "1 and 3", "1-3", "2 mug". Exactly the rows typed are
 * picked, in the order typed: a number out of range or a row named twice is not dropped or merged but
 * answered with one sentence (the caller shows the grid again), so what is sent is what the person
 * chose. A line that is not such a list (words) is not rows at all: it goes to the model as text. Pure.
 */

export type ReadRows =
  /** The row values picked, in the order typed. */
  | { kind: "rows"; values: unknown[] }
  /** A list of rows, but not one that can be sent: the sentence says why. */
  | { kind: "refused"; sentence: string }
  /** Not a list of rows. */
  | { kind: "text" };

const SEPARATOR = /\s*(?:,|;|&|\band\b|\s)\s*/i;
const RANGE = /^(\d+)-(\d+)$/;

/** Read `text` against the options' values (row ids, numbered from 1). Pure. */
export function readRows(text: string, values: readonly unknown[]): ReadRows {
  const tokens = text.replace(/(\d)\s*[-–]\s*(\d)/g, "$1-$2").split(SEPARATOR).filter(Boolean);
  const numbers: number[] = [];
  for (const token of tokens) {
    const range = RANGE.exec(token);
    if (range) numbers.push(...span(Number(range[1]), Number(range[2])));
    else if (/^\d+$/.test(token)) numbers.push(Number(token));
    else {
      const byId = values.findIndex((value) => String(value).toLowerCase() === token.toLowerCase());
      if (byId < 0) return { kind: "text" };
      numbers.push(byId + 1);
    }
  }
  if (numbers.length === 0) return { kind: "text" };
  const count = values.length;
  const outside = numbers.find((n) => n < 1 || n > count);
  if (outside !== undefined) {
    return { kind: "refused", sentence: `There is no row ${outside}: ${count === 1 ? "type 1" : `type numbers from 1 to ${count}, like ${example(count)}`}.` };
  }
  const twice = numbers.find((n, i) => numbers.indexOf(n) !== i);
  if (twice !== undefined) return { kind: "refused", sentence: `Row ${twice} is named twice: name each row once.` };
  return { kind: "rows", values: numbers.map((n) => values[n - 1]) };
}

/** The numbers from `a` to `b`, either way round ("3-1" is rows 1 to 3). */
function span(a: number, b: number): number[] {
  const [low, high] = a <= b ? [a, b] : [b, a];
  return high - low > 10_000 ? [low, high] : Array.from({ length: high - low + 1 }, (_, i) => low + i);
}

/** "1, 3 or 1-3" when there are three rows or more, "1, 2" for two. */
function example(count: number): string {
  return count >= 3 ? "1, 3 or 1-3" : "1, 2";
}
