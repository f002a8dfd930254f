/**
 * A confirmation card as text: every write a yes will run, in order, with the exact inputs it will
 * receive (secrets arrive here already shown as `[secret]`). A checkout widget gets a checkout header;
 * any other card is a plain confirmation. Pure.
 */
import type { Card } from "@skillflow/core";
import { formatInput } from "./format-options.js";

/**
 * The card's lines (without its question, which the reply already holds): a header, then one row per
 * write. A card that covers no write on this path has no lines (there is nothing to list). Pure.
 */
export function formatCard(card: Card, checkout: boolean): string[] {
  const count = card.writes.length;
  if (count === 0) return [];
  const header = checkout
    ? `Checkout — yes runs ${count === 1 ? "this booking" : `these ${count} bookings, in this order`}:`
    : `Confirm — yes runs ${count === 1 ? "this" : `these ${count}, in this order`}:`;
  const width = Math.max(0, ...card.writes.map((w) => w.tool.length));
  const number = String(count).length;
  const rows = card.writes.map((write, i) => {
    const inputs = Object.entries(write.inputs).map(([name, value]) => `${name}: ${formatInput(value)}`);
    return `  ${String(i + 1).padStart(number)}. ${write.tool.padEnd(width)}  ${inputs.join(", ") || "(no inputs)"}`;
  });
  return [header, ...rows];
}

/**
 * The line under a card: what a yes and a no do, in words that cannot be read the other way (a confirm
 * named `cancel` once read "Type y to cancel", as if y abandoned the request). The words a yes or a no
 * may be typed in are the runtime's fixed list (`readYesNo`); a few are named. Pure.
 */
export function confirmHint(_card: Card): string {
  return "Type yes (or y, ok, sure) to go ahead with the above, or no (n) to change nothing.";
}
