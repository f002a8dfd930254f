/**
 * The offline rule for `number` (integer) and `decimal` fields. Pure.
 *
 * - A number next to a field's name ("3 nights", "nights: 3", "budget is 1200") is for that field.
 * - The pending question also takes a number that names no other numeric field ("3", "four please").
 * - Other fields take only named numbers, and only when they fit the shape (integer, within range).
 * - For the pending question, a number that fails its shape ("20" for 1–14) is still proposed, below any
 *   that fits, so the runtime refuses it with the field's message instead of asking as if nothing was said.
 * - Digits inside dates and codes ("2027-03-03", "AB-123456", "TP1352") are not numbers.
 */
import type { FieldInScope } from "../../understand/model-port.js";
import type { DateMatch } from "./read-dates.js";
import { findNumberMatches } from "./read-numbers.js";
import { RANK, labelOf, type Candidate, type Rule } from "./spans.js";

/** Whether `value` fits a number or decimal shape (whole number, decimal places, range). Pure. */
export function fitsNumber(field: FieldInScope, value: number): boolean {
  const shape = field.shape;
  if (shape.kind !== "number" && shape.kind !== "decimal") return false;
  if (shape.kind === "number" && !Number.isInteger(value)) return false;
  if (shape.kind === "decimal" && shape.places !== undefined && decimalPlaces(value) > shape.places) return false;
  if (shape.min !== undefined && value < shape.min) return false;
  if (shape.max !== undefined && value > shape.max) return false;
  return true;
}

function decimalPlaces(value: number): number {
  const [, fraction = ""] = String(value).split(".");
  return fraction.length;
}

/** `text` with every date blanked out (same length, so positions stay valid). */
function withoutDates(text: string, dates: DateMatch[]): string {
  let out = text;
  for (const d of dates) out = out.slice(0, d.start) + " ".repeat(d.end - d.start) + out.slice(d.end);
  return out;
}

function isNumeric(field: FieldInScope): boolean {
  return field.shape.kind === "number" || field.shape.kind === "decimal";
}

/** The rank of `value` for `field` given the field its words name, or undefined when it is not offered. */
function rankFor(field: FieldInScope, value: number, named: FieldInScope | undefined, pending?: FieldInScope): number | undefined {
  const isPending = field === pending;
  const fits = fitsNumber(field, value);
  if (named === field) return isPending ? (fits ? RANK.pendingSure : RANK.pendingMisfit) : fits ? RANK.other : undefined;
  if (named || !isPending) return undefined;
  return fits ? RANK.pending : RANK.pendingMisfit;
}

export const fillNumbers: Rule = ({ text, fields, pending, dates }) => {
  const numeric = fields.filter(isNumeric);
  if (numeric.length === 0) return [];
  const plain = withoutDates(text, dates());
  const out: Candidate[] = [];
  for (const n of findNumberMatches(plain)) {
    const label = labelOf(plain, n.start, n.end, numeric);
    for (const field of numeric) {
      const rank = rankFor(field, n.value, label?.field, pending);
      if (rank === undefined) continue;
      // A named value takes its name with it ("3 nights"), so no other rule reads "nights" as a value.
      const span = label?.field === field
        ? { start: Math.min(n.start, label.start), end: Math.max(n.end, label.end) }
        : { start: n.start, end: n.end };
      out.push({ field: field.name, value: n.value, ...span, rank });
    }
  }
  return out;
};
