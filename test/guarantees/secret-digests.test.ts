/**
 * Issue 9, point 5: secrets cannot be computed back from digests. Every digest that leaves the runtime
 * (card digests, approval ids, idempotency keys, lookup keys in `state()`, input digests in the trace)
 * is keyed with the deployment key. The attack: take everything a conversation hands out (every turn
 * result, `state()`, `conversation()`), rebuild each digested structure with a guessed secret in place
 * of `[secret]` — the attacker knows the skill, the tools and every other value — and hash every 4-digit
 * and every 6-digit guess the way an unkeyed runtime would. Before keyed digests, the 6-digit code came
 * back from the lookup key of `verify_code` and the 4-digit PIN from the checkout card's digest; now no
 * guess matches anything exposed. A control shows the same search does find the secret when a digest is
 * unkeyed, so the test cannot pass by searching wrongly.
 */
import { describe, expect, it } from "vitest";
import type { Card } from "@skillflow/core";
import { digestOf } from "../../packages/core/src/runtime/digest.js";
import { cardDigest } from "../../packages/core/src/runtime/build-card.js";
import { driveProof, type Driven } from "./drive-proof.js";

const MASK = "[secret]";

/** Every hex run of 16 or more characters in what the conversation hands out. */
async function exposedDigests(run: Driven): Promise<Set<string>> {
  const text = JSON.stringify([run.turns.map((t) => t.result), run.preset?.result, await run.flow.state(run.thread), await run.flow.conversation(run.thread)]);
  return new Set([...text.matchAll(/[0-9a-f]{16,}/g)].map((m) => m[0]));
}

/** The cards handed out, with their secret inputs masked (as the attacker sees them). */
function cardsOf(run: Driven): Card[] {
  return run.turns.flatMap((t) => t.result.cards).filter((c) => JSON.stringify(c.writes).includes(MASK));
}

const fill = (value: unknown, guess: string): unknown => JSON.parse(JSON.stringify(value).split(`"${MASK}"`).join(JSON.stringify(guess)));

/** The unkeyed digests a guess gives for a card: the card itself, and each write's input digest and idempotency key. */
function cardGuesses(card: Card, guess: string, flowId: string): string[] {
  const writes = fill(card.writes, guess) as Card["writes"];
  const out = [cardDigest(digestOf, card.question, card.widget, writes)];
  writes.forEach((w, i) => {
    if (!JSON.stringify(card.writes[i]!.inputs).includes(MASK)) return;
    const inputs = digestOf(w.inputs);
    out.push(inputs, digestOf(["write", flowId, w.instance, inputs]));
  });
  return out;
}

/** Every guess of `digits` digits whose unkeyed digests (from `guesses`) meet an exposed one (in full, or its 16-character prefix, as approval ids carry). */
function search(digits: number, exposed: Set<string>, guesses: (guess: string) => string[]): string[] {
  const known = new Set([...exposed].flatMap((e) => [e, e.slice(0, 16)]));
  const hits: string[] = [];
  for (let n = 0; n < 10 ** digits; n++) {
    const guess = String(n).padStart(digits, "0");
    if (guesses(guess).some((d) => known.has(d) || known.has(d.slice(0, 16)))) hits.push(guess);
  }
  return hits;
}

describe("no secret can be computed back from a digest the runtime hands out", () => {
  it("a 6-digit verification code: not from the lookup keys and input digests", async () => {
    const run = await driveProof("proofs/account-change/change-plan.proof.yaml");
    const state = (await run.flow.state(run.thread))!;
    const phone = state.answers.phone!.value;
    const exposed = await exposedDigests(run);
    const guesses = (code: string) => [digestOf({ phone, verification_code: code })];
    // Control: unkeyed, the real code's lookup digest would be found by this search.
    expect(search(6, new Set([digestOf({ phone, verification_code: "428193" })]), guesses)).toEqual(["428193"]);
    expect(exposed.size).toBeGreaterThan(0);
    expect(search(6, exposed, guesses)).toEqual([]);
  }, 60_000);

  it("a 4-digit PIN on a card: not from the card digest, the input digests or the idempotency key", async () => {
    const run = await driveProof("test/fixtures/proofs/passing/buy-mugs.proof.yaml");
    const cards = cardsOf(run);
    expect(cards.length).toBeGreaterThan(0);
    const flowId = run.thread;
    const exposed = await exposedDigests(run);
    const guesses = (pin: string) => cards.flatMap((card) => cardGuesses(card, pin, flowId));
    // Control: had the card been digested unkeyed, this search finds the PIN typed in the proof.
    const unkeyed = new Set(cards.map((card) => cardGuesses(card, "1234", flowId)[0]!));
    expect(search(4, unkeyed, guesses)).toEqual(["1234"]);
    expect(search(4, exposed, guesses)).toEqual([]);
  }, 60_000);
});
