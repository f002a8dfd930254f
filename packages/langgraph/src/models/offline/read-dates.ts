/**
 * Dates in the text, as ISO `yyyy-mm-dd`, read by chrono-node (a maintained natural-language date
 * parser) relative to the flow's clock: "2027-03-03", "March 3rd, 2027", "3 March", "tomorrow",
 * "next Monday", "in 3 days". Pure: the clock is an argument (the ISO instant the flow's clock gave,
 * whose offset is the time zone "tomorrow" is counted in); without one, only dates that name their day,
 * month and year are read.
 *
 * What is not a date here, on purpose: a time alone ("3pm"), a month alone ("in March"), a period
 * ("next week"), a bare duration ("5 days", "for 2 weeks": a length of stay, not a day), "now", a
 * weekday abbreviation inside a sentence ("I sat down"), a numeric date without a year ("3/5"), and a
 * numeric date whose day and month could be either way round ("03/04/2027").
 *
 * A date that is written as one but does not exist ("2027-02-30", "30 February") is found too, with
 * `exists: false`, so the runtime can say so (see `impossible-dates.ts`).
 */
import * as chrono from "chrono-node";
import { findImpossibleDates } from "./impossible-dates.js";

/** A date found in the text and where. `exists` is false for a day the calendar does not have. */
export interface DateMatch {
  iso: string;
  start: number;
  end: number;
  exists: boolean;
}

/** English, casual forms, with "March 3 to March 5" kept as two dates (not merged into one range). */
const parser = chrono.en.casual.clone();
parser.refiners = parser.refiners.filter((r) => r.constructor.name !== "ENMergeDateRangeRefiner");

const MONTH = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
/** "5 March, 3 nights": the comma ends the date (chrono would read "March, 3" as 3 March); "March, 2027" stays. */
const MONTH_COMMA = new RegExp(`(?<![\\p{L}])(${MONTH})\\.?,(?!\\s*\\d{4})`, "giu");
const CUE = /\b(?:in|from|after|ago|later|next|this|last|before|within|today|tomorrow|yesterday)\b/i;
const PERIOD = /^(?:next|this|last)\s+(?:week|month|year)$/i;
const WEEKDAY_ABBREVIATION = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?$/i;
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2,4}))?$/;

/** Minutes east of UTC in an ISO instant ("…Z" 0, "…+01:00" 60). */
function offsetMinutes(iso: string): number {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** Whether chrono's reading is a day a person named, by the rules above. */
function namesADay(result: chrono.ParsedResult, text: string, clocked: boolean): boolean {
  const start = result.start;
  const said = result.text.trim();
  const numeric = NUMERIC.exec(said);
  if (numeric && (!numeric[3] || (Number(numeric[1]) <= 12 && Number(numeric[2]) <= 12 && numeric[1] !== numeric[2]))) return false;
  if (!clocked) return /\d{4}/.test(said) && start.isCertain("year") && start.isCertain("month") && start.isCertain("day");
  if (result.tags().has("casualReference/now")) return false;
  if (!start.isCertain("day") && !start.isCertain("weekday")) return false;
  if (PERIOD.test(said)) return false;
  if (result.tags().has("result/relativeDate") && !CUE.test(said)) return false;
  return !WEEKDAY_ABBREVIATION.test(said) || text.trim() === said;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Every date in `text`, in order of position, relative to `now` (an ISO instant) when given. Pure. */
export function findDateMatches(text: string, now?: string): DateMatch[] {
  const prepared = text.replace(MONTH_COMMA, (m) => `${m.slice(0, -1)};`);
  const reference = now ? { instant: new Date(now), timezone: offsetMinutes(now) } : undefined;
  const found: DateMatch[] = [];
  for (const result of parser.parse(prepared, reference, { forwardDate: true })) {
    if (!namesADay(result, text, reference !== undefined)) continue;
    const c = result.start;
    const iso = `${pad(c.get("year")!, 4)}-${pad(c.get("month")!)}-${pad(c.get("day")!)}`;
    found.push({ iso, start: result.index, end: result.index + result.text.length, exists: true });
  }
  const year = now ? Number(now.slice(0, 4)) : undefined;
  for (const d of findImpossibleDates(text, year)) {
    if (!found.some((f) => f.start < d.end && d.start < f.end)) found.push({ ...d, exists: false });
  }
  return found.sort((a, b) => a.start - b.start);
}
