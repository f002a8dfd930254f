/**
 * Issue 21, part 1: what the person types reaches the model and the values as typed; a secret is hidden
 * when it is one, and never used unseen. Every standalone match of a secret's pattern used to be masked
 * ("I paid [secret] EUR on [secret]-11-03") and taken as the secret at its question. Now only a match the
 * person names as the secret ("my PIN is 4071") is hidden, and its question is still asked.
 *
 * Examples from the attack, then a property test (fast-check) over messages made of words, numbers,
 * years, dates, amounts, phone numbers and ids, through the real host (one flow per skill, a thread per
 * sample) with a model port that records the text it receives and echoes it into the pending text field.
 */
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFlow, type ExtractRequest, type Flow, type ModelPort } from "@skillflow/langgraph";

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const CARD_PIN = path("../fixtures/secrets/card_pin");
const ACCOUNT = path("../../skills/account-change");
const TRIP = path("../../skills/conference-trip");
const REFUND = path("../../skills/order-refund");
const NOW = "2027-03-01T09:00:00Z";

/** A model port that records each text it receives and fills the pending text field with it. */
function echoModel(extra: (request: ExtractRequest) => Record<string, unknown> = () => ({})): ModelPort & { texts: string[] } {
  const texts: string[] = [];
  return {
    id: "echo",
    texts,
    async extract(request) {
      texts.push(request.text);
      const pending = request.pending && request.fields.find((f) => f.name === request.pending!.field);
      const values = { ...(pending?.shape.kind === "text" ? { [pending.name]: request.text } : {}), ...extra(request) };
      return { extraction: { ok: true, values }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
    },
  };
}

/** The inputs every write of the thread received (from the checkpoint, unredacted: what the tools got). */
async function writeInputs(flow: Flow, thread: string): Promise<Array<Record<string, unknown>>> {
  const checkpoint = await flow.graph.getState({ configurable: { thread_id: thread } });
  return Object.values(checkpoint.values.flow.ledger as Record<string, { inputs: Record<string, unknown> }>).map((e) => e.inputs);
}

const ATTACK = "Order ORD-10001, I paid 1250 EUR on 2026-11-03 and it arrived damaged; call me at 0770 0900 123";

describe("the attack's messages reach the model as typed", () => {
  it("a 4-digit PIN leaves years, amounts, dates and phone numbers alone, and the complaint reaches the write as typed", async () => {
    const model = echoModel();
    const flow = await createFlow({ skill: CARD_PIN, model, now: NOW });
    const asked = await flow.send("t", { text: ATTACK });
    expect(model.texts.at(-1)).toBe(ATTACK);
    // "1250" was not taken as the PIN: its question is asked.
    expect(asked.pending).toMatchObject({ kind: "ask", field: "card_pin" });
    expect(asked.reply.join(" ")).not.toContain("typed earlier");
    await flow.send("t", { text: "4071" });
    await flow.send("t", { press: "file", yes: true });
    expect(await writeInputs(flow, "t")).toEqual([{ complaint: ATTACK, card_pin: "4071" }]);
  });

  it("a text answer holding a 4-digit run reaches the write's inputs as typed", async () => {
    const model = echoModel();
    const flow = await createFlow({ skill: CARD_PIN, model, now: NOW });
    await flow.send("t", { text: "order sqlite-4421-x never came" });
    await flow.send("t", { text: "4071" });
    await flow.send("t", { press: "file", yes: true });
    expect(await writeInputs(flow, "t")).toEqual([{ complaint: "order sqlite-4421-x never came", card_pin: "4071" }]);
  });

  it("a 6-digit code leaves a spaced mobile number alone", async () => {
    const model = echoModel();
    const flow = await createFlow({ skill: ACCOUNT, model, now: NOW });
    await flow.send("t", { text: "my mobile is 07700 900123" });
    expect(model.texts).toEqual(["my mobile is 07700 900123"]);
  });

  it("an unrelated number is never sent to the verifying lookup as the secret", async () => {
    const model = echoModel(() => ({ phone: "07700900123" }));
    const flow = await createFlow({ skill: ACCOUNT, model, now: NOW });
    const turn = await flow.send("t", { text: "07700900123, I was charged 123456 pence last month" });
    expect(model.texts.at(-1)).toBe("07700900123, I was charged 123456 pence last month");
    expect(turn.pending).toMatchObject({ kind: "ask", field: "verification_code" });
    expect(turn.reply.join(" ")).not.toContain("not right");
    expect(turn.trace.filter((e) => e.type === "tool_called").map((e) => (e as { tool: string }).tool)).toEqual(["find_account"]);
  });

  it("a model value holding the mask of a hidden secret is dropped, never passed to a write", async () => {
    const model = echoModel();
    const flow = await createFlow({ skill: CARD_PIN, model, now: NOW });
    const turn = await flow.send("t", { text: "it never came, my PIN is 4071" });
    expect(model.texts.at(-1)).toBe("it never came, my PIN is [secret]");
    expect(turn.trace).toContainEqual(expect.objectContaining({ type: "dropped", field: "complaint" }));
    expect(turn.pending).toMatchObject({ kind: "ask", field: "complaint" });
  });

  it("a code named as the code is hidden, and only the code", async () => {
    const model = echoModel(() => ({ phone: "07700900123" }));
    const flow = await createFlow({ skill: ACCOUNT, model, now: NOW });
    const turn = await flow.send("t", { text: "07700900123 and my code is 428193, paid 1250 in 2026" });
    expect(model.texts).toEqual(["07700900123 and my code is [secret], paid 1250 in 2026"]);
    expect(turn.pending).toMatchObject({ kind: "ask", field: "verification_code" });
  });

  it("a secret already given is masked wherever it appears later, whatever its length", async () => {
    const model = echoModel();
    const flow = await createFlow({ skill: CARD_PIN, model, now: NOW });
    await flow.send("t", { text: "the parcel was empty" });
    await flow.send("t", { text: "9999" }); // refused by the check: still a secret
    await flow.send("t", { text: "4071" });
    model.texts.length = 0;
    await flow.send("t", { text: "hmm, wait: 4071 or 9999, which did I use?" });
    expect(model.texts).toEqual(["hmm, wait: [secret] or [secret], which did I use?"]);
  });
});

describe("a secret of a run that was closed", () => {
  it("stays masked in later messages of the conversation, after the run finished and another began", async () => {
    const model = echoModel();
    const flow = await createFlow({ skills: [CARD_PIN, ACCOUNT], model, now: NOW });
    await flow.send("t", { open: "card_pin" });
    await flow.send("t", { text: "the box was empty" });
    await flow.send("t", { text: "4071" });
    const done = await flow.send("t", { press: "file", yes: true });
    expect(done.done).toBe(true);
    await flow.send("t", { open: "account-change" });
    model.texts.length = 0;
    await flow.send("t", { text: "my number is 07700900123, not 4071" });
    expect(model.texts).toEqual(["my number is 07700900123, not [secret]"]);
  });
});

// ---- The property test ------------------------------------------------------------------------------

/** Words that are no skill's cue (so a message of them names no secret). */
const WORDS = ["I", "paid", "on", "order", "the", "parcel", "arrived", "late", "call", "me", "at", "please", "and", "it", "was", "broken", "for", "nights", "EUR", "in", "hotel", "flight", "refund", "thanks", "room", "from", "to", "ref"];
const token = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.integer({ min: 0, max: 999_999 }).map(String),
  fc.integer({ min: 1990, max: 2035 }).map(String),
  fc.date({ min: new Date("2000-01-01"), max: new Date("2035-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 99 })).map(([e, c]) => `${e}.${String(c).padStart(2, "0")} EUR`),
  fc.tuple(fc.integer({ min: 100, max: 9999 }), fc.integer({ min: 100_000, max: 999_999 })).map(([a, b]) => `0${a} ${b}`),
  fc.tuple(fc.constantFrom("ORD", "AB", "TP", "R", "H"), fc.integer({ min: 1, max: 999_999 })).map(([p, n]) => `${p}-${n}`),
);
const message = fc.array(token, { minLength: 1, maxLength: 12 }).map((ts) => ts.join(" "));

const SKILLS: Array<{ name: string; skill: string; secrets: Array<{ cue: string; value: fc.Arbitrary<string> }> }> = [
  { name: "card_pin (4 digits)", skill: CARD_PIN, secrets: [{ cue: "my PIN is", value: fc.integer({ min: 1000, max: 9999 }).map(String) }] },
  { name: "account-change (6 digits)", skill: ACCOUNT, secrets: [{ cue: "my code is", value: fc.integer({ min: 100_000, max: 999_999 }).map(String) }] },
  { name: "conference-trip (approval code)", skill: TRIP, secrets: [{ cue: "approval code", value: fc.integer({ min: 100_000, max: 999_999 }).map((n) => `AB-${n}`) }] },
  { name: "order-refund (no secret)", skill: REFUND, secrets: [] },
];

const RUNS = 60;

const standsAlone = (text: string, value: string) => new RegExp(`(?<![A-Za-z0-9])${value}(?![A-Za-z0-9])`).test(text);

describe("property: the text the model receives is what was typed", () => {
  for (const { name, skill, secrets } of SKILLS) {
    it(`${name}: a message of words, numbers, years, dates, amounts, phones and ids is sent unchanged`, async () => {
      const model = echoModel();
      const flow = await createFlow({ skill, model, now: NOW });
      let n = 0;
      await fc.assert(fc.asyncProperty(message, async (text) => {
        model.texts.length = 0;
        await flow.send(`p${n++}`, { text });
        expect(model.texts).toEqual([text]);
      }), { numRuns: RUNS });
    });

    for (const { cue, value } of secrets) {
      it(`${name}: a cue and a match ("${cue} …") mask only the match`, async () => {
        const model = echoModel();
        const flow = await createFlow({ skill, model, now: NOW });
        let n = 0;
        await fc.assert(fc.asyncProperty(message, value, message, async (before, secret, after) => {
          // The same value typed again elsewhere in the message is the secret too, and masked there.
          fc.pre(!standsAlone(`${before} ${after}`, secret));
          model.texts.length = 0;
          await flow.send(`c${n++}`, { text: `${before}, ${cue} ${secret}. ${after}` });
          expect(model.texts).toEqual([`${before}, ${cue} [secret]. ${after}`]);
        }), { numRuns: RUNS });
      });
    }
  }

  it("all example skills hosted together: a message is sent unchanged to the routing call", async () => {
    const model = echoModel();
    const flow = await createFlow({ skills: [TRIP, ACCOUNT, REFUND, CARD_PIN], model, now: NOW });
    let n = 0;
    await fc.assert(fc.asyncProperty(message, async (text) => {
      fc.pre(!/^\s*[0-9]+\s*$/.test(text)); // a bare number at the menu of skills picks one, with no model call
      model.texts.length = 0;
      await flow.send(`h${n++}`, { text });
      expect(model.texts).toEqual([text]);
    }), { numRuns: RUNS });
  });

  it("no write's inputs contain `[secret]` unless the person typed it: the complaint reaches the write as typed", async () => {
    const model = echoModel();
    const flow = await createFlow({ skill: CARD_PIN, model, now: NOW });
    let n = 0;
    const typedMask = fc.constantFrom("", " [secret]");
    await fc.assert(fc.asyncProperty(message, typedMask, async (words, mask) => {
      const thread = `w${n++}`;
      const complaint = `${words}${mask}`;
      await flow.send(thread, { text: complaint });
      await flow.send(thread, { text: "4071" });
      await flow.send(thread, { press: "file", yes: true });
      expect(await writeInputs(flow, thread)).toEqual([{ complaint, card_pin: "4071" }]);
    }), { numRuns: RUNS });
  });
});
