/**
 * Stopping at a confirmation card: the flow waits for the person's yes or no to exactly this card.
 */
import { fileRequest } from "./approval-requests.js";
import { emit, Halt, record, type Region, type Run } from "./run-context.js";
import type { Card, WidgetView } from "./types.js";

/** Shows `card` for the confirm stored under `key`, sets the pending confirm, and stops the walk. */
export function showCard(run: Run, key: string, stepId: string, card: Card): never {
  run.state.pending = { kind: "confirm", confirm: card.confirm, key, stepId, card };
  const widget: WidgetView | undefined = card.widget
    ? { name: card.widget, kind: /checkout/i.test(card.widget) ? "checkout" : "card", card }
    : undefined;
  emit(run, { type: "confirm", card, ...(widget ? { widget } : {}) });
  record(run, { type: "confirm_shown", confirm: card.confirm, digest: card.digest });
  throw new Halt("person");
}

/** Files a new approval request for a region's card (its approval was used up by a failed write) and waits. */
export function waitForNewApproval(run: Run, region: Region): never {
  const request = fileRequest(run, region.key, region.card.confirm, region.by!, region.card);
  run.state.pending = {
    kind: "approval", confirm: region.card.confirm, key: region.key, stepId: region.stepId, role: region.by!, requestId: request.id,
  };
  throw new Halt("person");
}
