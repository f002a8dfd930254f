/**
 * Static field checks: is a proposed value valid for the field's shape, and what is its normal form?
 * Pure. Dynamic checks (lookup must know it, `check:` conditions, picks against the list) happen when
 * the replay reaches the ask (see run-ask.ts).
 */
import type { FieldDecl, Shape } from "../format/ir.js";
import { ownValue } from "../own-value.js";

export type Validation = { ok: true; value: unknown } | { ok: false; message: string };

const YES = new Set(["yes", "y", "true", "yeah", "yep", "ok", "sure"]);
const NO = new Set(["no", "n", "false", "nope"]);

/**
 * Validates and normalises `value` for `field`; a refusal carries the field's message or a clear default,
 * after what is wrong with a date written as one that the calendar lacks ("30 February 2027 does not
 * exist.").
 */
export function validateValue(field: FieldDecl, value: unknown): Validation {
  if (field.shape.kind === "pick" && field.shape.many && repeatsAnId(value)) return { ok: false, message: field.message ?? PICKED_TWICE };
  const normal = normalise(field, value);
  if (normal !== undefined) return { ok: true, value: normal };
  const message = field.message ?? defaultMessage(field.shape);
  const missing = field.shape.kind === "date" ? missingDay(value) : undefined;
  return { ok: false, message: missing ? `${missing} does not exist.${field.message ? ` ${field.message}` : ""}` : message };
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "30 February 2027" for a `yyyy-mm-dd` whose month is real and whose day that month lacks; else undefined. */
function missingDay(value: unknown): string | undefined {
  const m = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  if (!m || normaliseDate(value) !== undefined) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 ? `${day} ${MONTH_NAMES[month - 1]} ${year}` : undefined;
}

function normalise(field: FieldDecl, value: unknown): unknown {
  const shape = field.shape;
  switch (shape.kind) {
    case "choices": return normaliseChoice(shape.choices, field.synonyms ?? {}, value);
    case "pattern": return typeof value === "string" && new RegExp(shape.pattern).test(value.trim()) ? value.trim() : undefined;
    case "number": return normaliseNumber(value, shape.min, shape.max, 0);
    case "decimal": return normaliseNumber(value, shape.min, shape.max, shape.places);
    case "date": return normaliseDate(value);
    case "yes_no": return normaliseYesNo(value);
    case "pick": return shape.many ? normaliseIds(value) : isId(value) ? value : undefined;
    case "text": case "lookup": return nonEmptyText(value);
  }
}

const isId = (value: unknown): value is string | number => typeof value === "string" || typeof value === "number";

/** Several rows picked: a non-empty list of ids, kept as given (whether each is a row is checked at the ask). */
function normaliseIds(value: unknown): Array<string | number> | undefined {
  return Array.isArray(value) && value.length > 0 && value.every(isId) ? [...value] : undefined;
}

/** The refusal of a list of picked rows that names one row twice. */
export const PICKED_TWICE = "Please pick each of the listed options at most once.";

function repeatsAnId(value: unknown): boolean {
  return Array.isArray(value) && new Set(value.map(String)).size < value.length;
}

function nonEmptyText(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function normaliseChoice(choices: string[], synonyms: Record<string, string[]>, value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const said = value.trim().toLowerCase();
  const direct = choices.find((c) => c.toLowerCase() === said);
  if (direct) return direct;
  return choices.find((c) => (ownValue(synonyms, c) ?? []).some((s) => s.toLowerCase() === said));
}

/** `places` 0 means a whole number; undefined means any number of decimals. */
function normaliseNumber(value: unknown, min?: number, max?: number, places?: number): number | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  if (places === 0 && !Number.isInteger(n)) return undefined;
  if (places !== undefined && places > 0 && decimals(n) > places) return undefined;
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) return undefined;
  return n;
}

function decimals(n: number): number {
  const text = String(n);
  if (text.includes("e")) return Number.POSITIVE_INFINITY;
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** An ISO calendar date `yyyy-mm-dd` that exists (2027-02-30 does not). */
function normaliseDate(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? m[0] : undefined;
}

function normaliseYesNo(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value !== "string") return undefined;
  const said = value.trim().toLowerCase().replace(/[.!]+$/, "");
  return YES.has(said) ? true : NO.has(said) ? false : undefined;
}

/** The refusal used when the field declares no `message`. Never repeats the refused value. */
export function defaultMessage(shape: Shape): string {
  switch (shape.kind) {
    case "choices": return `Please choose one of: ${shape.choices.join(", ")}.`;
    case "pattern": return "That is not in the expected format.";
    case "number": return `Please give a whole number${range(shape.min, shape.max)}.`;
    case "decimal": return `Please give a number${range(shape.min, shape.max)}${shape.places !== undefined ? ` with at most ${shape.places} decimal places` : ""}.`;
    case "date": return "Please give a date as YYYY-MM-DD.";
    case "yes_no": return "Please answer yes or no.";
    case "lookup": return "I could not find that. Please check and try again.";
    case "pick": return shape.many ? "Please pick one or more of the listed options." : "Please pick one of the listed options.";
    case "text": return "Please give an answer.";
  }
}

function range(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  return max !== undefined ? ` of at most ${max}` : "";
}
