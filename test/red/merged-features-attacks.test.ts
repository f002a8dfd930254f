/**
 * Red-team attacks on the features merged for answers in words, cards in words, shared parts, endings,
 * `with:` on lookups and the platform graph. Each attack drives the real runtime (createFlow) with a
 * recording model port; a held attack asserts the write did not run (or ran once).
 */
import { describe, expect, it } from "vitest";
import { createFlow, type FlowInput, type TurnResult } from "@skillflow/langgraph";
import type { ExtractRequest, ModelPort } from "../../packages/langgraph/src/understand/model-port.js";
import { ROOT } from "../guarantees/drive-proof.js";

/** A port answering from a queue of field values, recording each request it gets. */
function recordingPort() {
  const requests: ExtractRequest[] = [];
  const answers: Array<Record<string, unknown>> = [];
  const port: ModelPort = {
    id: "recording",
    extract: async (request) => {
      requests.push(request);
      return { extraction: { ok: true, values: answers.shift() ?? {} }, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } };
    },
  };
  return { port, requests, answers };
}

async function open(skill: string, thread = "red") {
  const model = recordingPort();
  const flow = await createFlow({ skill: `${ROOT}${skill}`, model: model.port, now: "2027-03-01T09:00:00Z" });
  const send = async (input: FlowInput, answer?: Record<string, unknown>) => {
    if (answer) model.answers.push(answer);
    const before = model.requests.length;
    const result = await flow.send(thread, input);
    return { result, calls: model.requests.length - before };
  };
  const ledger = async () => Object.values((await flow.state(thread))!.ledger).map((e) => [e.tool, e.status, e.inputs]);
  return { flow, thread, model, send, ledger };
}

const writes = (result: TurnResult) => result.tools.filter((t) => t.kind === "write").map((t) => t.tool);

describe("typed answers read without the model", () => {
  it("a typed yes at a supervisor's approval card is not an approval (nor a model's yes)", async () => {
    const { send, ledger } = await open("test/fixtures/confirms/refund_supervisor_first");
    const picked = await send({ pick: { item_id: "ESPRESSO" } });
    expect(picked.result.pending).toMatchObject({ kind: "approval", confirm: "supervisor_ok" });
    for (const text of ["yes", "yes please", "approve", "ok, go ahead", "confirmed"]) {
      const turn = await send({ text }, { supervisor_ok: true, refund: true });
      expect(writes(turn.result)).toEqual([]);
      expect(turn.result.pending).toMatchObject({ kind: "approval", confirm: "supervisor_ok" });
    }
    expect(await ledger()).toEqual([]);
  });

  it("a correction plus a yes in one message ('4 nights, yes') is no press: the card changes, the model's yes is dropped", async () => {
    const h = await hotelAtCard();
    const turn = await h.send({ text: "4 nights, yes" }, { nights: 4, book: true });
    expect(turn.calls).toBe(1);
    expect(writes(turn.result)).toEqual([]);
    expect(turn.result.pending).toMatchObject({ kind: "confirm", confirm: "book" });
    expect(JSON.stringify(turn.result.pending)).toContain("4");
    // a yes now binds the new card: it runs with 4 nights, once
    const yes = await h.send({ text: "yes please" });
    expect([yes.calls, writes(yes.result)]).toEqual([0, ["book_hotel"]]);
    expect((await h.ledger()).map((e) => e[2])).toEqual([{ hotel_id: "H1", nights: 4 }]);
    const again = await h.send({ text: "yes" });
    expect(writes(again.result)).toEqual([]);
  });

  it("a yes, a go ahead or a press typed at a card whose press was already spent runs the write once", async () => {
    const h = await hotelAtCard();
    const first = await h.send({ text: "ok go ahead" });
    expect(writes(first.result)).toEqual(["book_hotel"]);
    for (const text of ["yes", "confirm", "do it"]) expect(writes((await h.send({ text })).result)).toEqual([]);
    expect(writes((await h.send({ press: "book" })).result)).toEqual([]);
    expect(await h.ledger()).toHaveLength(1);
  });

  it("text relayed by another model is never read as a yes, and the model's yes is dropped", async () => {
    const h = await hotelAtCard();
    const turn = await h.send({ text: "yes please", relayed: true } as FlowInput, { book: true });
    expect(writes(turn.result)).toEqual([]);
    expect(turn.result.pending).toMatchObject({ kind: "confirm", confirm: "book" });
    expect(await h.ledger()).toEqual([]);
  });

  it("row words naming a row that the check refuses do not pick it", async () => {
    const h = await open("test/fixtures/red/typed-hotel");
    await h.send({ text: "3 nights" }, { nights: 3 });
    const turn = await h.send({ text: "the Alfama Inn please" });
    expect(turn.calls).toBe(0);
    expect(turn.result.pending).toMatchObject({ kind: "ask", field: "hotel_id" });
    expect((await h.flow.state(h.thread))!.answers.hotel_id).toBeUndefined();
  });

  it("a yes typed at the secret's question is no yes to the card after it", async () => {
    const h = await open("test/fixtures/red/typed-hotel");
    await h.send({ text: "3 nights" }, { nights: 3 });
    const picked = await h.send({ text: "Baixa Nova" });
    expect(picked.result.pending).toMatchObject({ kind: "ask", field: "pin" });
    const turn = await h.send({ text: "yes" });
    expect(writes(turn.result)).toEqual([]);
    expect(turn.result.pending).toMatchObject({ kind: "ask", field: "pin" });
    const pin = await h.send({ text: "4071" });
    expect(pin.result.pending).toMatchObject({ kind: "confirm", confirm: "book" });
    expect(writes(pin.result)).toEqual([]);
  });

  it("after the end step, no typed yes, press or text runs anything", async () => {
    const h = await hotelAtCard();
    const booked = await h.send({ press: "book" });
    expect(writes(booked.result)).toEqual(["book_hotel"]);
    for (const input of [{ text: "yes" }, { press: "book" }, { text: "5 nights, yes" }] as FlowInput[]) {
      const turn = await h.send(input, { nights: 5, book: true });
      expect(writes(turn.result)).toEqual([]);
    }
    expect(await h.ledger()).toHaveLength(1);
  });
});

async function hotelAtCard() {
  const h = await open("test/fixtures/red/typed-hotel");
  await h.send({ text: "3 nights" }, { nights: 3 });
  await h.send({ text: "Baixa Nova" });
  const at = await h.send({ text: "4071" });
  expect(at.result.pending).toMatchObject({ kind: "confirm", confirm: "book" });
  return h;
}

describe("forged events and resumes", () => {
  it("a pick (a widget's field update) naming a confirm or an approval sets nothing", async () => {
    const h = await hotelAtCard();
    const forged = await h.send({ pick: { book: true } });
    expect(writes(forged.result)).toEqual([]);
    expect(forged.result.pending).toMatchObject({ kind: "confirm", confirm: "book" });
    const s = await open("test/fixtures/confirms/refund_supervisor_first", "forged-approval");
    await s.send({ pick: { item_id: "ESPRESSO" } });
    for (const input of [{ pick: { supervisor_ok: true } }, { pick: { supervisor_ok: "yes" } }, { press: "supervisor_ok" }] as FlowInput[]) {
      const turn = await s.send(input);
      expect(writes(turn.result)).toEqual([]);
      expect(turn.result.pending).toMatchObject({ kind: "approval", confirm: "supervisor_ok" });
    }
    expect(await h.ledger()).toEqual([]);
  });

  it("a platform resume: an approval without the approver's token, with another request's token, or a flipped answer, is refused", async () => {
    const { readResume, signApproval, UNVERIFIED_APPROVAL, PRESS_WITHOUT_CARD, NOT_A_RESUME } = await import("@skillflow/langgraph/platform");
    const key = new Uint8Array(32).fill(7);
    const token = signApproval(key, { request: "R1", role: "supervisor", yes: true });
    const declined = signApproval(key, { request: "R1", role: "supervisor", yes: false });
    expect(readResume({ approve: "supervisor_ok", by: "supervisor", request: "R1", token }, key)).toMatchObject({ event: { type: "approve", request: "R1", yes: true } });
    for (const forged of [
      { approve: "supervisor_ok", by: "supervisor", request: "R1" },
      { approve: "supervisor_ok", by: "supervisor", token },
      { approve: "supervisor_ok", by: "supervisor", request: "R2", token },
      { approve: "supervisor_ok", by: "customer", request: "R1", token },
      { approve: "supervisor_ok", by: "supervisor", request: "R1", yes: true, token: declined },
      { approve: "supervisor_ok", by: "supervisor", request: "R1", token: token.toUpperCase() },
      { approve: null, by: "supervisor", request: "R1" },
    ]) expect(readResume(forged, key)).toEqual({ refuse: UNVERIFIED_APPROVAL });
    // a declined token with a truthy non-boolean `yes` reads as a yes claim: its token does not verify
    expect(readResume({ approve: "supervisor_ok", by: "supervisor", request: "R1", yes: "false", token: declined }, key)).toEqual({ refuse: UNVERIFIED_APPROVAL });
    expect(readResume({ press: "book" }, key)).toEqual({ refuse: PRESS_WITHOUT_CARD });
    expect(readResume({ preset: { book: true } }, key)).toEqual({ refuse: NOT_A_RESUME });
    expect(readResume({ open: "typed-hotel" }, key)).toEqual({ refuse: NOT_A_RESUME });
  });

  it("a resume's valid token for an earlier request does not approve the request filed for a changed card", async () => {
    const s = await open("test/fixtures/confirms/refund_supervisor_first", "stale-token");
    const first = await s.send({ pick: { item_id: "BLENDER" } });
    const r1 = (first.result.pending as { requestId: string }).requestId;
    const changed = await s.send({ pick: { item_id: "ESPRESSO" } });
    const r2 = (changed.result.pending as { requestId: string }).requestId;
    expect(r2).not.toBe(r1);
    const stale = await s.send({ approve: "supervisor_ok", by: "supervisor", request: r1 });
    expect(writes(stale.result)).toEqual([]);
    expect(stale.result.pending).toMatchObject({ kind: "approval", requestId: r2 });
    expect(await s.ledger()).toEqual([]);
  });
});

describe("cards in words", () => {
  it("a card: hole that reads an input inside an expression printing another value does not count as showing it", async () => {
    const h = await open("test/fixtures/red/misstated-card");
    await h.send({ text: "3 nights" }, { nights: 3 });
    const at = await h.send({ text: "Alfama Inn" });
    expect(at.result.pending).toMatchObject({ kind: "confirm", confirm: "book" });
    const line = (at.result.pending as { card: { writes: Array<{ words: string; details: Array<{ input: string; value: string }> }> } }).card.writes[0]!;
    // the words say "1 night at H1"; the write receives 3 nights at H2: both must be on the card
    expect(line.words).toBe("Book 1 night at H1");
    expect(line.details.map((d) => [d.input, d.value])).toEqual([["hotel_id", "H2"], ["nights", "3"]]);
  });
});

describe("cards in words: a value in words that drops part of it", () => {
  it("{time(departs)} shows the time only: the date and time the write receives is listed under the words", async () => {
    const h = await open("test/fixtures/red/time-card");
    const at = await h.send({ text: "the 18th at 7:05" }, { departs: "2027-03-18T07:05" });
    expect(at.result.pending).toMatchObject({ kind: "confirm", confirm: "book" });
    const line = (at.result.pending as { card: { writes: Array<{ words: string; details: Array<{ input: string; value: string }> }> } }).card.writes[0]!;
    expect(line.words).toBe("Book the slot at 07:05");
    expect(line.details.map((d) => d.input)).toEqual(["departs"]);
  });
});

describe("cards in words with with:", () => {
  it("words reading the field by name while with: binds another value list the bound inputs, and the yes runs exactly those", async () => {
    const h = await open("test/fixtures/red/with-card");
    await h.send({ text: "3 nights" }, { nights: 3 });
    const at = await h.send({ text: "Baixa Nova" });
    const line = (at.result.pending as { card: { writes: Array<{ words: string; details: Array<{ input: string; value: string }> }> } }).card.writes[0]!;
    expect(line.words).toBe("Book 3 nights at H1");
    expect(line.details.map((d) => [d.input, d.value])).toEqual([["hotel_id", "H2"], ["nights", "4"]]);
    const yes = await h.send({ text: "yes" });
    expect((await h.ledger()).map((e) => e[2])).toEqual([{ hotel_id: "H2", nights: 4 }]);
    expect(writes(yes.result)).toEqual(["book_hotel"]);
  });
});

describe("with: on lookups", () => {
  it("a lookup whose with: reads an answer asked after the yes cannot feed the confirmed write: the skill does not load", async () => {
    await expect(open("test/fixtures/red/with-after-yes")).rejects.toThrow(/confirm|ungated|yes/i);
  });

  it("a with: lookup re-bound by a changed answer after the yes voids the yes: the write never runs on the unseen total", async () => {
    const h = await open("test/fixtures/red/with-rebound");
    await h.send({ text: "3 nights" }, { nights: 3 });
    const yes = await h.send({ text: "yes" });
    expect(yes.result.pending).toMatchObject({ kind: "ask", field: "rating" });
    // at the rating question, the person (or the model) changes the nights: the lookup re-binds to 9
    const changed = await h.send({ text: "5, and make it 9 nights" }, { rating: 5, nights: 9 });
    expect(writes(changed.result)).toEqual([]);
    expect(changed.result.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
    expect(JSON.stringify(changed.result.pending)).toContain("900");
    const again = await h.send({ press: "pay" });
    expect(writes(again.result)).toEqual(["pay"]);
    expect((await h.ledger()).map((e) => e[2])).toEqual([{ total: 900 }]);
  });
});

describe("endings and limits", () => {
  it("after an end with status failed, a corrected card, row words and a yes run nothing", async () => {
    const h = await open("test/fixtures/endings/library-loan", "ended");
    const ended = await h.send({ text: "my card is C9999" }, { card: "C9999" });
    expect(ended.result.done).toBe(true);
    for (const [input, answer] of [
      [{ text: "sorry, it is C1234" }, { card: "C1234" }],
      [{ text: "Emma" }, undefined],
      [{ pick: { book_id: "emma" } }, undefined],
      [{ text: "yes please" }, undefined],
      [{ press: "lend" }, undefined],
    ] as Array<[FlowInput, Record<string, unknown> | undefined]>) {
      const turn = await h.send(input, answer);
      expect(writes(turn.result)).toEqual([]);
    }
    const state = await h.flow.state(h.thread);
    expect(Object.values(state?.ledger ?? {})).toEqual([]);
  });

  it("with the conversation's model calls spent, a typed yes still runs both confirmed writes, each once, then nothing runs", async () => {
    const h = await open("test/fixtures/endings/library-loan", "limits");
    await h.send({ text: "card C1234" }, { card: "C1234" });
    await h.send({ text: "hmm, which ones are good?" });
    const over = await h.send({ text: "tell me more" });
    expect(over.calls).toBe(0);
    const picked = await h.send({ text: "Emma" });
    expect(picked.calls).toBe(0);
    expect(picked.result.pending).toMatchObject({ kind: "confirm", confirm: "lend" });
    const yes = await h.send({ text: "yes please" });
    expect([yes.calls, writes(yes.result)]).toEqual([0, ["record_loan", "send_receipt"]]);
    expect(yes.result.done).toBe(true);
    for (const input of [{ text: "yes" }, { press: "lend" }, { pick: { book_id: "dune" } }] as FlowInput[]) {
      expect(writes((await h.send(input)).result)).toEqual([]);
    }
    expect((await h.ledger()).map((e) => [e[0], e[1]])).toEqual([["record_loan", "done"], ["send_receipt", "done"]]);
  });
});

describe("limits and a question between two confirmed writes", () => {
  // BROKEN (not fixed here): `## Limits` are checked before every model call, and the answer to a
  // question between two confirmed writes ("5" for a rating nothing reads) needs the model. With the
  // conversation's budget spent, the turn stops ("Stopped: reading this message would take more than…"),
  // and every later message does too: send_receipt, confirmed with pay on one card, never runs. The
  // doc's "a chain of confirmed writes is never stopped between two of its writes" does not hold once
  // the chain has an ask in it. A fix needs a design choice: read a bare answer to a number/choice ask
  // without the model (as typed yes/no and row words are), or let the checker warn on an ask between
  // the writes of one confirm in a skill with Limits.
  it.fails("with the model budget spent, the confirmed second write still runs after a question nothing reads (its answer typed as a number)", async () => {
    const h = await open("test/fixtures/red/ask-between-writes");
    await h.send({ text: "3 nights" }, { nights: 3 });
    const yes = await h.send({ text: "yes" });
    expect(writes(yes.result)).toEqual(["pay"]);
    expect(yes.result.pending).toMatchObject({ kind: "ask", field: "rating" });
    const rated = await h.send({ text: "5" }, { rating: 5 });
    expect(writes(rated.result)).toEqual(["send_receipt"]);
  });
});

describe("shared parts (use:)", () => {
  it("a part's write after the skill's confirm does not load (part-write-outside)", async () => {
    await expect(open("test/fixtures/red/parts/write-outside")).rejects.toThrow(/part-write-outside|outside the part/);
  });

  it("an end inside a part stops the skill's confirmed write after the use:, whatever is typed next", async () => {
    const h = await open("test/fixtures/red/parts/ended-in-part");
    const ended = await h.send({ text: "20 nights" }, { nights: 20 });
    expect(ended.result.done).toBe(true);
    for (const input of [{ text: "yes" }, { press: "pay" }] as FlowInput[]) expect(writes((await h.send(input)).result)).toEqual([]);
    expect(Object.values((await h.flow.state(h.thread))?.ledger ?? {})).toEqual([]);
  });

  it("the same confirmed part used twice: either it does not load, or each write needs its own yes", async () => {
    let h: Awaited<ReturnType<typeof open>>;
    try {
      h = await open("test/fixtures/red/parts/twice");
    } catch (error) {
      expect(String(error)).toMatch(/pay_ok|duplicate|twice|again/i);
      return;
    }
    await h.send({ text: "2 nights" }, { nights: 2 });
    const first = await h.send({ text: "yes" });
    expect(writes(first.result)).toEqual(["pay"]);
    expect(first.result.pending).toMatchObject({ kind: "confirm" });
    const second = await h.send({ text: "yes" });
    expect(writes(second.result)).toEqual(["pay"]);
    expect(await h.ledger()).toHaveLength(2);
  });
});

describe("MCP elicitation of a card", () => {
  it("a yes in the form for a card that changed while the form was open answers nothing: the new card is shown", async () => {
    const { runPersonSteps } = await import("../../packages/mcp/src/host/person-steps.js");
    const h = await open("test/fixtures/red/with-rebound", "mcp-form");
    const atCard = await h.send({ text: "3 nights" }, { nights: 3 });
    expect(atCard.result.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
    expect(JSON.stringify(atCard.result.pending)).toContain("300");
    const shown: string[] = [];
    const channel = {
      support: () => ({ form: true, url: false, apps: false }),
      elicit: async (request: { message: string }) => {
        shown.push(request.message);
        if (shown.length === 1) {
          // while the form is open, the host's model passes on another message: the card changes to 9 nights
          await h.send({ text: "make it 9 nights", relayed: true } as FlowInput, { nights: 9 });
          return { action: "accept" as const, content: { confirm: true } };
        }
        return { action: "cancel" as const };
      },
      completed: async () => {},
      secrets: undefined as never,
      secretTimeoutMs: 1000,
    };
    const outcome = await runPersonSteps({ skill: undefined as never, flow: h.flow }, h.thread, atCard.result, channel as never);
    expect(shown[0]).toContain("300");
    const after = outcome.turns[1]!;
    expect(after.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
    const state = await h.flow.state(h.thread);
    expect(Object.values(state!.confirmations)).toEqual([]);
    // the rating and the write never came on the yes given for 300
    const rated = await h.send({ text: "5" }, { rating: 5 });
    expect(writes(rated.result)).toEqual([]);
    expect(await h.ledger()).toEqual([]);
  });
});

describe("a typed yes at a card the person has not seen", () => {
  it("an 'ok thanks' typed after the supervisor approved (the customer's card shown only in the approver's turn) is no press", async () => {
    const s = await open("test/fixtures/confirms/refund_supervisor_first", "unseen-card");
    const waiting = await s.send({ pick: { item_id: "ESPRESSO" } });
    expect(waiting.result.pending).toMatchObject({ kind: "approval", confirm: "supervisor_ok" });
    // the supervisor approves from outside the conversation: the customer's card is now pending, unseen
    const approved = await s.flow.send(s.thread, { approve: "supervisor_ok", by: "supervisor" });
    expect(approved.pending).toMatchObject({ kind: "confirm", confirm: "refund" });
    // the customer, who last read "waiting for a supervisor", acknowledges it
    const ack = await s.send({ text: "ok thanks" });
    expect(writes(ack.result)).toEqual([]);
    expect(ack.result.pending).toMatchObject({ kind: "confirm", confirm: "refund" });
    // now the card is on their screen: a yes is a press
    const yes = await s.send({ text: "yes" });
    expect(writes(yes.result)).toEqual(["issue_refund"]);
  });
});

describe("platform runs naming a checkpoint namespace", () => {
  it("refuseRun refuses a run whose configurable names a checkpoint namespace (a fresh flow, its ledger empty, in the same thread)", async () => {
    const { refuseRun, RUN_REFUSED } = await import("@skillflow/langgraph/platform");
    expect(refuseRun({ kwargs: { config: { configurable: { checkpoint_ns: "x" } } } })).toBe(RUN_REFUSED);
    expect(refuseRun({ kwargs: { config: { configurable: { checkpoint_id: "c1" } } } })).toBe(RUN_REFUSED);
    expect(refuseRun({ kwargs: { config: { configurable: { checkpoint_ns: "" } }, command: { resume: "yes" } } })).toBeUndefined();
  });
});

describe("cards in words: money rounds", () => {
  // Was broken: `{money(x)}` counted as showing x, but it prints two decimals: a total of 9.999 read
  // "10.00 EUR" and was listed nowhere. Fixed: an input shown only through money() is listed under the
  // words when it has more than two decimals (card-line.ts).
  it("a total with three decimals shown by money() is listed under the words as it is", async () => {
    const h = await open("test/fixtures/red/money-card");
    const at = await h.send({ text: "3 nights" }, { nights: 3 });
    const line = (at.result.pending as { card: { writes: Array<{ words: string; details: Array<{ input: string; value: string }> }> } }).card.writes[0]!;
    expect(line.words).toBe("Pay 10.00 EUR for the stay");
    expect(line.details.map((d) => d.input)).toEqual(["total"]);
  });
});
