/**
 * Property (a), checked at every write call: each confirm passed on that replay whose region covers the
 * write (by the reference rule, reference-rule.ts) holds a yes of the right kind (the person's press, or
 * an approval for a `by:` confirm) that the session itself gave, for a card shown to the person or filed
 * for the approver before this turn, which listed this write instance with exactly these inputs, and
 * whose digest is the digest of that confirm's card on this replay. At least one confirm covers it.
 */
import type { Card, Effect, StepResult } from "@skillflow/core";
import { canonicalJson } from "../../../packages/core/src/runtime/digest.js";
import type { Session } from "./observe-session.js";
import { coveringConfirms } from "./reference-rule.js";

type Call = Extract<Effect, { type: "call" }>;

export function checkWriteCall(session: Session, result: StepResult, call: Call, shownBefore: ReadonlyMap<string, Card>): void {
  const covering = coveringConfirms(session.skill, session.deps, result.trace, call.instance);
  const what = `write ${call.tool} (${call.instance}) with ${canonicalJson(call.inputs)}`;
  if (covering.length === 0) throw new Error(`${what} ran with no confirm covering it`);
  for (const c of covering) {
    if (c.outcome !== "confirmed") throw new Error(`${what} ran in the region of ${c.key}, passed as "${c.outcome}" (its card should list the write)`);
    const by = session.roles[c.confirm] ? "approval" : "user";
    const yes = result.state.confirmations[c.key];
    if (yes?.answer !== "yes" || yes.by !== by) throw new Error(`${what} ran without a yes from ${by} for ${c.key}`);
    if (yes.digest !== c.digest) throw new Error(`${what} ran with the yes for ${c.key} bound to ${yes.digest}, not to the card now (${c.digest})`);
    const card = shownBefore.get(yes.digest);
    if (!card) throw new Error(`${what} ran on a yes for ${c.key} whose card (${yes.digest}) was never shown`);
    const listed = card.writes.some((w) => w.instance === call.instance && canonicalJson(w.inputs) === canonicalJson(call.inputs));
    if (!listed) throw new Error(`${what} ran on a yes for ${c.key} whose card does not list it: ${canonicalJson(card.writes)}`);
    const gave = session.given.some((g) => g.confirm === c.confirm && g.digest === yes.digest && g.yes && g.by === by);
    if (!gave) throw new Error(`${what} ran on a yes for ${c.key} (${yes.digest}) that no press or approval of the session gave`);
  }
}
