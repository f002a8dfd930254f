/**
 * Numbers in the text: digits ("3", "1,200", "12.50") and small English number words ("four",
 * "twenty-one"). Non-negative only. Pure.
 */

const UNITS = [
  "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

const WORD_NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}_-])(?:(${TENS.join("|")})(?:[\\s-](${UNITS.slice(1, 10).join("|")}))?|(${UNITS.join("|")}))(?![\\p{L}\\p{N}_])`,
  "giu",
);

/**
 * Digits not glued to letters or other digits: "TP1352", "3pm", "3rd", "AB-123456" and "2027-03-03"
 * yield nothing; "3-night" yields 3. Thousands use commas in groups of three; the decimal mark is ".".
 */
const DIGITS = /(?<![\p{L}\p{N}_.,/-])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\p{L}\p{N}_/]|[.,]\d|-\d)/gu;

/** Words before "one" that make it a pronoun ("the cheaper one"), not a number. */
const NOT_A_NUMBER_BEFORE = /(?:\bthe|\bthis|\bthat|\bwhich|\bany|\bno|\bcheaper|\bearlier|\blater|\bother)\s+$/i;

/** A number found in the text and where. */
export interface NumberMatch {
  value: number;
  start: number;
  end: number;
}

/** The value of a number word or pair ("forty", "twenty-one"). */
function wordValue(tens: string | undefined, unit: string | undefined, single: string | undefined): number {
  if (single) return UNITS.indexOf(single.toLowerCase());
  const t = (TENS.indexOf((tens ?? "").toLowerCase()) + 2) * 10;
  return t + (unit ? UNITS.indexOf(unit.toLowerCase()) : 0);
}

/** Every number in `text`, in order of position. Pure. */
export function findNumberMatches(text: string): NumberMatch[] {
  const found: NumberMatch[] = [];
  for (const m of text.matchAll(DIGITS)) {
    // The one group is required (its two branches are alternatives inside it).
    found.push({ value: Number(m[1]!.replace(/,/g, "")), start: m.index, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(WORD_NUMBER)) {
    if (m[3]?.toLowerCase() === "one" && NOT_A_NUMBER_BEFORE.test(text.slice(0, m.index))) continue;
    found.push({ value: wordValue(m[1], m[2], m[3]), start: m.index, end: m.index + m[0].length });
  }
  return found.sort((a, b) => a.start - b.start);
}
