/**
 * Dates written as dates that the calendar does not have: "2027-02-30", "2027/4/31", "30 February",
 * "February 30th, 2027", "the 32nd of March". chrono-node passes over them in silence; the offline
 * extractor finds them so that the pending date question is answered with what is wrong ("30 February
 * 2027 does not exist") rather than with "nothing in that message answered the question". Each comes as
 * the `yyyy-mm-dd` it was written as (the year of `year` when the text names none), which the runtime's
 * date check refuses. Pure.
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "(?:,?\\s+(\\d{4}))?";
const L = "(?<![\\p{L}\\p{N}_])";
const R = "(?![\\p{L}\\p{N}_])";

const ISO = new RegExp(`${L}(\\d{4})[-/](\\d{1,2})[-/](\\d{1,2})${R}`, "gu");
const DAY_FIRST = new RegExp(`${L}${DAY}(?:\\s+of)?\\s+${MONTH}${YEAR}${R}`, "giu");
const MONTH_FIRST = new RegExp(`${L}${MONTH}\\s+(?:the\\s+)?${DAY}${YEAR}${R}`, "giu");

export interface ImpossibleDate {
  iso: string;
  start: number;
  end: number;
}

/** Whether day `day` of month `month` (1–12) exists in `year`. */
function exists(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Every impossible date in `text`, in order; `year` is used when the text gives none. Pure. */
export function findImpossibleDates(text: string, year?: number): ImpossibleDate[] {
  const found: ImpossibleDate[] = [];
  const add = (m: RegExpMatchArray, y: string | undefined, month: number, day: number) => {
    const fullYear = y ? Number(y) : year;
    if (fullYear === undefined || month < 1 || month > 12 || day < 1 || exists(fullYear, month, day)) return;
    found.push({ iso: `${fullYear}-${pad(month)}-${pad(day)}`, start: m.index!, end: m.index! + m[0].length });
  };
  const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  // Every group but the year is required, so every match has them.
  for (const m of text.matchAll(ISO)) add(m, m[1], Number(m[2]), Number(m[3]));
  for (const m of text.matchAll(DAY_FIRST)) add(m, m[3], monthOf(m[2]!), Number(m[1]));
  for (const m of text.matchAll(MONTH_FIRST)) add(m, m[3], monthOf(m[1]!), Number(m[2]));
  return found.sort((a, b) => a.start - b.start);
}
