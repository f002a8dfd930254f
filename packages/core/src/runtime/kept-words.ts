/**
 * What the runtime says about answers kept for the conversation (`keep: conversation`). Pure.
 */

/** A change to a kept answer that still passes its ask, refused: one answer for the whole conversation. */
export function keptChangeText(field: string, value: unknown): string {
  return `The ${inWords(field)} was given earlier in this conversation${shown(value)} and cannot change in it. Start a new conversation to use another.`;
}

/** Said after the refusal when a kept answer no longer passes its ask in a later request. */
export function keptAgainText(field: string, value: unknown): string {
  return `The ${inWords(field)} given earlier in this conversation${shown(value)} no longer passes here, so it is asked again.`;
}

/** Said when a kept answer no longer passes its ask and the message gave another value, which is tried. */
export function keptOfferUsedText(field: string, value: unknown): string {
  return `The ${inWords(field)} given earlier in this conversation${shown(value)} no longer passes here, so the one in your message is used.`;
}

function shown(value: unknown): string {
  return value === undefined ? "" : ` (${String(value)})`;
}

function inWords(name: string): string {
  return name.split(/[_-]+/).filter(Boolean).join(" ");
}
