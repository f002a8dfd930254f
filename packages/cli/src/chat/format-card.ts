/**
 * A confirmation card as text: every write a yes will run, in order, in words — its card sentence, then
 * each input the sentence does not show, with its label — so every input it will receive is on screen
 * (secrets arrive here already shown as `[secret]`). A checkout widget gets a checkout header; any
 * other card is a plain confirmation. Pure.
 */
import { describeValue, type Card } from "@skillflow/core";

/**
 * The card's lines (without its question, which the reply already holds): a header, then per write its
 * words on a numbered line and the inputs they leave out on the lines under it. A card that covers no
 * write on this path has no lines (there is nothing to list). Pure.
 */
export function formatCard(card: Card, checkout: boolean): string[] {
  const count = card.writes.length;
  if (count === 0) return [];
  const header = checkout
    ? `Checkout — yes runs ${count === 1 ? "this booking" : `these ${count} bookings, in this order`}:`
    : `Confirm — yes runs ${count === 1 ? "this" : `these ${count}, in this order`}:`;
  const number = String(count).length;
  const indent = " ".repeat(number + 4);
  const rows = card.writes.flatMap((write, i) => [
    `  ${String(i + 1).padStart(number)}. ${write.words ?? write.tool}`,
    // A card stored before cards had words (a conversation resumed across an upgrade) lists its inputs.
    ...(write.details ?? Object.entries(write.inputs).map(([label, v]) => ({ label, value: describeValue(v) }))).map((d) => `${indent}${d.label}: ${d.value}`),
  ]);
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
