/**
 * How a tool failure reads to the person: once, plainly. Hosts often report an error that already names
 * the tool ("reserve_cab failed: …", "reserve_cab did not answer within 30000 ms."); the runtime does
 * not name it a second time. Pure.
 */

/** `tool failed: cause`, or the host's message as is when it already starts with the tool's name. No final period. */
export function toolFailureText(tool: string, error: string | undefined): string {
  const text = (error ?? "").trim().replace(/\.+$/, "");
  if (!text) return `${tool} failed`;
  return namesTool(tool, text) ? text : `${tool} failed: ${text}`;
}

/** The cause alone: the host's message without a leading `tool failed:`. No final period. */
export function toolFailureCause(tool: string, error: string | undefined): string {
  const text = (error ?? "").trim().replace(/\.+$/, "");
  const prefix = `${tool} failed:`;
  return text.startsWith(prefix) ? text.slice(prefix.length).trim() : text;
}

/** True when `text` starts with the tool's name as a whole word. */
export function namesTool(tool: string, text: string): boolean {
  if (!text.startsWith(tool)) return false;
  const next = text.charAt(tool.length);
  return next === "" || !/[\w-]/.test(next);
}
