/**
 * Property (b), checked after every turn: every yes or approval still held is one the session gave, and
 * is for a card that shows exactly what that confirm's card would show now — question, widget, and every
 * write with its inputs (observed with a probe replay, probe-card.ts) — or that confirm's writes have all
 * completed, or the card cannot be rendered now (a step errs, so nothing runs; the yes is compared with
 * the card as soon as it can be). So after any event that changes what a card shows, its yes is void. And a request waiting
 * for an approver carries the card as it is now (a changed card files a new one).
 */
import type { Card } from "@skillflow/core";
import { canonicalJson } from "../../../packages/core/src/runtime/digest.js";
import type { Turn } from "../../../packages/core/test/runtime/host.js";
import type { Session } from "./observe-session.js";
import { cardNow } from "./probe-card.js";

const content = (card: Card) => canonicalJson({ question: card.question, widget: card.widget ?? null, writes: card.writes });

export function checkHeldYes(session: Session, turn: Turn): void {
  const state = session.host.state;
  for (const [key, yes] of Object.entries(state.confirmations)) {
    if (yes.answer !== "yes") continue;
    const gave = session.given.some((g) => g.confirm === yes.confirm && g.digest === yes.digest && g.yes && g.by === yes.by);
    if (!gave) throw new Error(`a yes for ${key} (${yes.digest}) is held that no press or approval of the session gave`);
    const now = cardNow(session.skill, state, key, session.probeTools);
    session.stats.probed += 1;
    if (now.kind === "passed") continue;
    // The card cannot be rendered now (a step errs; nothing can run): the yes is compared when it can be.
    if (now.kind === "elsewhere" && now.effects.some((e) => e.type === "error")) continue;
    if (now.kind === "elsewhere") throw new Error(`a yes for ${key} is held, but without it the flow would not show its card: ${canonicalJson(now.effects)}`);
    const answered = session.shown.get(yes.digest)!;
    if (now.card.digest !== yes.digest || content(now.card) !== content(answered)) {
      throw new Error(`a yes for ${key} is held for a card that changed:\n    answered ${content(answered)}\n    now      ${content(now.card)}`);
    }
  }
  const pending = state.pending;
  if (pending?.kind !== "approval") return;
  const last = turn.results[turn.results.length - 1]!;
  const waiting = last.trace.find((e) => e.type === "step" && e.kind === "confirm" && e.outcome.startsWith("waiting for") && e.digest);
  const filed = session.requests.filter((r) => r.key === pending.key);
  const latest = filed[filed.length - 1];
  if (!latest || latest.id !== pending.requestId) throw new Error(`the flow waits on request ${pending.requestId}, not on the one filed last (${latest?.id})`);
  if (waiting?.type === "step" && waiting.digest !== latest.card.digest) {
    throw new Error(`the request waiting for ${pending.key} carries card ${latest.card.digest}, but the card now is ${waiting.digest}`);
  }
}
