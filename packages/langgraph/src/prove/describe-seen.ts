/**
 * Small helpers for proof checks: what a turn showed as text, text matching (`/regex/` or substring),
 * value comparison, and short descriptions for the report. Pure.
 */
import { writeInWords, type Pending } from "@skillflow/core";
import type { TurnResult } from "../render/render-turn.js";

/**
 * Everything shown this turn as text: reply lines and every line of the cards shown — each write both in
 * its words as the person reads it (`writeInWords`) and as its tool and inputs (`take_payment: total=10`).
 */
export function shownTexts(result: TurnResult): string[] {
  const cards = result.cards.flatMap((card) => [
    card.question,
    ...card.writes.flatMap((w) => [writeInWords(w), `${w.tool}: ${Object.entries(w.inputs).map(([k, v]) => `${k}=${describe(v)}`).join(", ")}`]),
  ]);
  return [...result.reply, ...cards];
}

/** `/pattern/flags` is a regular expression; anything else a substring. */
export function matchesText(text: string, pattern: string): boolean {
  const regex = asRegex(pattern);
  return regex ? regex.test(text) : text.includes(pattern);
}

/** The regular expression a `/pattern/flags` text stands for; undefined for a plain text. Throws when invalid. */
export function asRegex(pattern: string): RegExp | undefined {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  return regex ? new RegExp(regex[1]!, regex[2]) : undefined;
}

/** Deep equality of plain values; whole numbers compare equal across number and bigint. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "bigint" || typeof b === "bigint") return Number(a) === Number(b);
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(b);
    return keys.length === Object.keys(a).length && keys.every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

/** A value as JSON, shortened for one report line. */
export function describe(value: unknown): string {
  const text = JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? Number(v) : v)) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export function describeList(items: string[], none: string): string {
  if (items.length === 0) return none;
  const text = items.map((i) => JSON.stringify(i)).join(", ");
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** What the flow waits for, in words. */
export function describePending(pending: Pending | undefined): string {
  if (!pending) return "nothing pending";
  switch (pending.kind) {
    case "ask":
      return `asks ${pending.field}`;
    case "confirm":
      return `confirm ${pending.confirm}`;
    case "approval":
      return `approval ${pending.confirm} by ${pending.role} (request ${pending.requestId})`;
    case "decide":
      return `decide ${pending.decide}`;
    case "done":
      return "done";
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
