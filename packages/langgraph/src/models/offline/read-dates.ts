/**
 * Dates in the text, as ISO `yyyy-mm-dd`: "2027-03-03", "2027/03/03", "March 3 2027", "March 3rd, 2027",
 * "3 March 2027", "3rd of Mar 2027". A year is required (the extractor has no clock) and the day must
 * exist. Day-first and month-first numeric forms ("03/04/2027") are ambiguous and ignored. Pure.
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "(\\d{4})";
const EDGE_L = "(?<![\\p{L}\\p{N}_])";
const EDGE_R = "(?![\\p{L}\\p{N}_])";

const ISO = new RegExp(`${EDGE_L}${YEAR}[-/](\\d{1,2})[-/](\\d{1,2})${EDGE_R}`, "gu");
const MONTH_FIRST = new RegExp(`${EDGE_L}${MONTH}\\s+${DAY},?\\s+${YEAR}${EDGE_R}`, "giu");
const DAY_FIRST = new RegExp(`${EDGE_L}${DAY}(?:\\s+of)?\\s+${MONTH},?\\s+${YEAR}${EDGE_R}`, "giu");

/** A date found in the text and where. */
export interface DateMatch {
  iso: string;
  start: number;
  end: number;
}

/** `yyyy-mm-dd` when the day exists, else undefined. */
export function isoDate(year: number, month: number, day: number): string | undefined {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return d.toISOString().slice(0, 10);
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/** Every date in `text`, in order of position. Pure. */
export function findDateMatches(text: string): DateMatch[] {
  const found: DateMatch[] = [];
  const add = (m: RegExpMatchArray, y: string, mo: number, d: string) => {
    const iso = isoDate(Number(y), mo, Number(d));
    if (iso) found.push({ iso, start: m.index!, end: m.index! + m[0].length });
  };
  // Every group of these patterns is required, so every match has groups 1 to 3.
  for (const m of text.matchAll(ISO)) add(m, m[1]!, Number(m[2]), m[3]!);
  for (const m of text.matchAll(MONTH_FIRST)) add(m, m[3]!, monthNumber(m[1]!), m[2]!);
  for (const m of text.matchAll(DAY_FIRST)) add(m, m[3]!, monthNumber(m[2]!), m[1]!);
  return found.sort((a, b) => a.start - b.start);
}
