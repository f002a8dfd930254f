/**
 * Values in words for cards and grids: money with two decimals and thousands separators
 * (`1,275.00 EUR`), and dates and times written as ISO text (`2027-03-17 07:05`) as a person reads them
 * (`17 March 2027, 07:05`; a time alone: `07:05`). English, the same on every machine (no locale, no
 * clock). They are the template functions `money(x)`, `money(x, "EUR")`, `date(x)` and `time(x)`, and
 * the grid's reading of a cell (`formatCell`). Pure.
 */
import { describeValue } from "./format-value.js";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** `2027-03-17`, `2027-03-17 07:05`, `2027-03-17T07:05:00Z` (seconds and zone are not shown). */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** An amount with two decimals and `,` between thousands, then the currency if one is given. */
export function formatMoney(amount: number, currency?: string): string {
  if (!Number.isFinite(amount)) return String(amount);
  const [whole, cents] = Math.abs(amount).toFixed(2).split(".") as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const text = `${amount < 0 ? "-" : ""}${grouped}.${cents}`;
  return currency ? `${text} ${currency}` : text;
}

/** A date (and its time, if it has one) in words: `17 March 2027, 07:05`; other text as it is. */
export function formatDate(text: string): string {
  const m = ISO.exec(text.trim());
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return text;
  const day = `${Number(m[3])} ${month} ${m[1]}`;
  return m[4] === undefined ? day : `${day}, ${m[4]}:${m[5]}`;
}

/** The time of a date-time (`07:05`); a date without a time, or other text, as `formatDate` reads it. */
export function formatTime(text: string): string {
  const m = ISO.exec(text.trim());
  return m?.[4] === undefined ? formatDate(text) : `${m[4]}:${m[5]}`;
}

/** Whether `text` is a date or date-time written as ISO text (a grid shows it in words). */
export function isIsoDate(text: string): boolean {
  return ISO.test(text.trim());
}

const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

/**
 * A grid cell in words, short enough for a phone's column: a date-time as `17 Mar, 07:05`, a date as
 * `17 Mar 2027`, anything else as a card shows it (`describeValue`). Pure.
 */
export function formatCell(value: unknown): string {
  if (typeof value !== "string") return describeValue(value);
  const m = ISO.exec(value.trim());
  const month = m ? SHORT_MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return value;
  return m[4] === undefined ? `${Number(m[3])} ${month} ${m[1]}` : `${Number(m[3])} ${month}, ${m[4]}:${m[5]}`;
}
