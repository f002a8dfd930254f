/**
 * Secrets, through the LangGraph host: a typed secret never reaches the model — neither on the turn it is
 * typed nor in any prompt after it is known (checked on the prompts the scripted model actually
 * received) — and never appears in a reply, a card, a trace or the state the API hands out. Text typed
 * while a secret is pending that is not a valid secret is refused without being echoed anywhere.
 * The decrypted checkpoint keeps the secret (tools need it); that copy is never handed out, and at rest
 * it is encrypted (secrets-at-rest.test.ts).
 */
import { describe, expect, it } from "vitest";
import { driveProof, promptTexts, textOf } from "./drive-proof.js";

const CHANGE = "proofs/account-change/change-plan.proof.yaml";
const REFUSED = "proofs/account-change/secret-code.proof.yaml";
const CODE = "428193";

describe("a secret typed while it is the question", () => {
  it("is in no prompt sent after it is known, while the model is still asked about other fields", async () => {
    const run = await driveProof(CHANGE);
    const typed = run.turns.findIndex((t) => textOf(t.turn.input) === CODE);
    expect(typed).toBeGreaterThan(0);
    expect(run.turns[typed]!.prompts).toEqual([]);
    const later = promptTexts(run.turns.slice(typed + 1));
    expect(later.length).toBeGreaterThanOrEqual(3);
    for (const prompt of later) expect(prompt).not.toContain(CODE);
  });

  it("sends each prompt only its own message: no earlier message, so no transcript", async () => {
    const run = await driveProof(CHANGE);
    const texts = run.turns.flatMap((t) => textOf(t.turn.input) ?? []);
    for (const turn of run.turns) {
      for (const prompt of turn.prompts) {
        const all = prompt.messages.map((m) => m.content).join("\n");
        expect(prompt.messages.at(-1)?.content).toBe(textOf(turn.turn.input));
        for (const other of texts.filter((t) => t !== textOf(turn.turn.input))) expect(all).not.toContain(other);
      }
    }
  });

  it("is in no turn result and not in the state the flow hands out (only the checkpoint keeps it, for the tools)", async () => {
    const run = await driveProof(CHANGE);
    const state = await run.flow.state(run.thread);
    expect(state?.answers.verification_code?.value).toBe("[secret]");
    expect(state?.ledger && Object.values(state.ledger).map((e) => e.status)).toEqual(["done", "done"]);
    for (const turn of run.turns) expect(JSON.stringify(turn.result)).not.toContain(CODE);
    expect(JSON.stringify(state)).not.toContain(CODE);
    const set = run.turns.flatMap((t) => t.result.trace).filter((e) => e.type === "field_set" && e.field === "verification_code");
    expect(set).toEqual([expect.objectContaining({ by: "user", value: "[secret]" })]);
    const checkpoint = await run.flow.graph.getState({ configurable: { thread_id: run.thread } });
    expect(checkpoint.values.flow.answers.verification_code.value).toBe(CODE);
  });
});

describe("text refused while a secret is pending", () => {
  it("is never sent to the model, echoed, traced or kept", async () => {
    const run = await driveProof(REFUSED);
    const refused = run.turns.filter((t) => t.result.trace.some((e) => e.type === "refused" && e.field === "verification_code"));
    expect(refused.map((t) => textOf(t.turn.input))).toEqual(["111111", "it's four two eight one nine three"]);
    const state = JSON.stringify(await run.flow.state(run.thread));
    for (const turn of refused) {
      const typed = textOf(turn.turn.input)!;
      expect(turn.prompts).toEqual([]);
      expect(JSON.stringify(turn.result)).not.toContain(typed);
      expect(state).not.toContain(typed);
    }
    expect(promptTexts(run.turns.slice(1)).join("\n")).not.toContain("four two eight");
  });
});
