/**
 * What the runtime says about answers kept for the conversation (`keep: conversation`). Pure.
 */

/** A change to a kept answer, refused: one answer for the whole conversation. */
export function keptChangeText(field: string, value: unknown): string {
  const shown = value === undefined ? "" : ` (${String(value)})`;
  return `The ${inWords(field)} was given earlier in this conversation${shown} and cannot change in it. Start a new conversation to use another.`;
}

/** Said after the refusal when a kept answer no longer passes its ask in a later request: the request ends there. */
export function keptStopText(field: string): string {
  return `The ${inWords(field)} was given earlier in this conversation and cannot change in it, so this request cannot go on. Start a new conversation to use another.`;
}

function inWords(name: string): string {
  return name.split(/[_-]+/).filter(Boolean).join(" ");
}
