/**
 * Stopping at a confirmation card: the flow waits for the person's yes or no to exactly this card.
 */
import { emit, Halt, record, type Run } from "./run-context.js";
import type { Card, WidgetView } from "./types.js";

/** Shows `card` for the confirm stored under `key`, sets the pending confirm, and stops the walk. */
export function showCard(run: Run, key: string, stepId: string, card: Card): never {
  run.state.pending = { kind: "confirm", confirm: card.confirm, key, stepId, card };
  const widget: WidgetView | undefined = card.widget
    ? { name: card.widget, kind: /checkout/i.test(card.widget) ? "checkout" : "card", card }
    : undefined;
  emit(run, { type: "confirm", card, widget });
  record(run, { type: "confirm_shown", confirm: card.confirm, digest: card.digest });
  throw new Halt("person");
}
