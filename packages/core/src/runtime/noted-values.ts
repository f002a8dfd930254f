/**
 * What a turn set, in words, for a host to say when the question on screen did not move on (a
 * correction at a list or a card): "Noted: nights 4." — each field the turn set and kept, with its value
 * as a card shows it (`describeValue`; a long field name cut, `shortName`), in the order they were set. A value the same turn refused again
 * (a pick its check rejects) was not kept: its refusal says so, and it is left out here. `flow chat`
 * and the chat page say the same words. Pure.
 */
import { describeValue } from "../expr/format-value.js";
import { shortName } from "../text/shorten-names.js";
import type { TraceEvent } from "./types.js";

/** "Noted: nights 4, hotel_id Hotel Baixa Nova." for the values `trace` set and kept; undefined for none. Pure. */
export function notedValues(trace: readonly TraceEvent[]): string | undefined {
  const refused = new Set(trace.flatMap((t) => (t.type === "refused" ? [t.field] : [])));
  const set = trace.flatMap((t) => (t.type === "field_set" && t.by !== "default" && !refused.has(t.field) ? [`${shortName(t.field)} ${describeValue(t.value)}`] : []));
  return set.length ? `Noted: ${set.join(", ")}.` : undefined;
}
