/**
 * The spans a flow makes once an SDK is registered (NodeTracerProvider with the SDK's in-memory
 * exporter): one per turn, a GenAI `chat` span per model call and an `execute_tool` span per tool run
 * as its children, approvals as events on the turn — and nowhere the secret a person typed, nor a value
 * computed from it without the deployment key.
 */
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { context, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const VAULT = fileURLToPath(new URL("./vault_transfer", import.meta.url));
const PASSPHRASE = "Blue-Harbour-7731-Quietly";
const LOAN = fileURLToPath(new URL("../../../../test/fixtures/endings/library-loan", import.meta.url));

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

/** The whole vault conversation: amount (model), pass phrase (typed), approval, the Send press. */
async function transfer(thread = "vault-1") {
  const model = new ScriptedChatModel();
  const flow = await createFlow({ skill: VAULT, model });
  model.script({ amount: 250 });
  await flow.send(thread, { text: "Please send 250 EUR" });
  const asked = await flow.send(thread, { text: PASSPHRASE });
  const request = asked.pending?.kind === "approval" ? asked.pending.requestId : "";
  const card = await flow.send(thread, { approve: "release", by: "supervisor", request });
  const done = await flow.send(thread, { press: "send", card: card.cards[0]!.digest });
  return { flow, request, done, spans: exporter.getFinishedSpans() };
}

const named = (spans: ReadableSpan[], name: string) => spans.filter((s) => s.name === name);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe("spans of a conversation", () => {
  it("makes one turn span per send, with the thread, event kind, skill and what the flow waits for", async () => {
    const { spans } = await transfer();
    const turns = named(spans, "skillflow.turn");
    expect(turns.map((s) => s.attributes["skillflow.event.kind"])).toEqual(["text", "text", "approve", "press"]);
    expect(turns.map((s) => s.attributes["skillflow.turn.waits_for"])).toEqual(["ask:passphrase", "approval:supervisor", "confirm:send", "done"]);
    for (const turn of turns) {
      expect(turn.attributes["gen_ai.conversation.id"]).toBe("vault-1");
      expect(turn.attributes["skillflow.skill"]).toBe("vault_transfer");
      expect(typeof turn.attributes["skillflow.turn.lock_wait_ms"]).toBe("number");
    }
    expect(turns.map((s) => s.attributes["skillflow.turn.model_calls"])).toEqual([1, 0, 0, 0]);
  });

  it("makes a GenAI chat span for the model call, a child of its turn, with the turn's tokens", async () => {
    const { spans } = await transfer();
    const [chat, ...more] = named(spans, "chat scripted");
    expect(more).toEqual([]);
    expect(chat!.attributes).toMatchObject({ "gen_ai.operation.name": "chat", "gen_ai.provider.name": "skillflow", "gen_ai.request.model": "scripted" });
    expect(chat!.attributes["gen_ai.usage.input_tokens"]).toBeGreaterThan(0);
    expect(chat!.attributes["gen_ai.usage.output_tokens"]).toBeGreaterThan(0);
    const first = named(spans, "skillflow.turn")[0]!;
    expect(parentOf(chat!)).toBe(first.spanContext().spanId);
    expect(chat!.spanContext().traceId).toBe(first.spanContext().traceId);
  });

  it("makes an execute_tool span per tool run: lookup or write, outcome, and a keyed digest of a write's key", async () => {
    const { spans, flow } = await transfer();
    const lookup = named(spans, "execute_tool verify_phrase");
    const write = named(spans, "execute_tool send_money");
    expect(lookup).toHaveLength(1);
    expect(write).toHaveLength(1);
    expect(lookup[0]!.attributes).toMatchObject({ "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "verify_phrase", "skillflow.tool.kind": "lookup", "skillflow.tool.outcome": "ok" });
    expect(lookup[0]!.attributes["skillflow.tool.idempotency_key_digest"]).toBeUndefined();
    expect(write[0]!.attributes).toMatchObject({ "skillflow.tool.kind": "write", "skillflow.tool.outcome": "ok" });
    const digest = write[0]!.attributes["skillflow.tool.idempotency_key_digest"];
    expect(digest).toMatch(/^[0-9a-f]{32}$/);
    const key = Object.values((await flow.state("vault-1"))!.ledger)[0]!.idempotencyKey;
    expect(digest).not.toBe(key);
    expect(key).not.toContain(String(digest));
    const turns = named(spans, "skillflow.turn");
    expect(parentOf(write[0]!)).toBe(turns[3]!.spanContext().spanId);
    expect(parentOf(lookup[0]!)).toBe(turns[1]!.spanContext().spanId);
  });

  it("records the approval as events: requested on the turn that filed it, given on the approver's", async () => {
    const { spans, request } = await transfer();
    const turns = named(spans, "skillflow.turn");
    const events = turns.map((t) => t.events.map((e) => [e.name, e.attributes]));
    expect(events[1]).toEqual([["skillflow.approval.requested", { "skillflow.confirm": "release", "skillflow.approval.role": "supervisor", "skillflow.approval.request": request }]]);
    expect(events[2]).toEqual([["skillflow.approval.given", { "skillflow.confirm": "release", "skillflow.approval.role": "supervisor", "skillflow.approval.yes": true }]]);
    expect(events[0]).toEqual([]);
  });
});

describe("a budget reached", () => {
  it("is an event on the turn span, naming the limit, what it allows and what was used", async () => {
    const flow = await createFlow({ skill: VAULT, model: new ScriptedChatModel(), limits: { conversation: { modelCalls: 0 } } });
    await flow.send("broke", { text: "Please send 250 EUR" });
    const [turn] = named(exporter.getFinishedSpans(), "skillflow.turn");
    expect(turn!.events.map((e) => [e.name, e.attributes])).toEqual([
      ["skillflow.limit", { "skillflow.limit": "conversation.modelCalls", "skillflow.limit.used": 0, "skillflow.limit.max": 0 }],
    ]);
    expect(turn!.attributes["skillflow.turn.model_calls"]).toBe(0);
    expect(named(exporter.getFinishedSpans(), "chat scripted")).toEqual([]);
  });
});

describe("an end reached", () => {
  it("names the outcome and its status on the turn span that reached it, and on no other", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: LOAN, model });
    model.script({ card: "C9999" });
    await flow.send("loan-1", { text: "My card is C9999" });
    await flow.send("loan-1", { text: "use C1234 then" });
    const turns = named(exporter.getFinishedSpans(), "skillflow.turn");
    expect(turns.map((s) => s.attributes["skillflow.turn.outcome"])).toEqual(["card_invalid", undefined]);
    expect(turns.map((s) => s.attributes["skillflow.turn.outcome_status"])).toEqual(["failed", undefined]);
  });
});

describe("no secret in any span", () => {
  /** Every text a span carries: its name, status, attributes, events and their attributes, links. */
  function texts(span: ReadableSpan): string[] {
    const values = (attributes: object) => Object.entries(attributes).flatMap(([k, v]) => [k, JSON.stringify(v)]);
    return [
      span.name, span.status.message ?? "", ...values(span.attributes),
      ...span.events.flatMap((e) => [e.name, ...values(e.attributes ?? {})]),
      ...span.links.flatMap((l) => values(l.attributes ?? {})),
    ];
  }

  /** The secret and what anyone can compute from it without the deployment key. */
  const derived = [
    PASSPHRASE, PASSPHRASE.toLowerCase(), Buffer.from(PASSPHRASE).toString("base64"),
    ...[PASSPHRASE, JSON.stringify(PASSPHRASE), JSON.stringify({ passphrase: PASSPHRASE })]
      .flatMap((text) => [createHash("sha256").update(text).digest("hex").slice(0, 32), createHash("sha256").update(text).digest("base64")]),
  ];

  it("holds no span attribute or event with the pass phrase typed in a turn, as typed or hashed", async () => {
    const { spans } = await transfer("vault-secret");
    expect(spans.length).toBeGreaterThan(6);
    const all = spans.flatMap(texts).join("\n");
    for (const value of derived) expect(all).not.toContain(value);
    // The check can fail: the write's span would show it if the inputs were recorded.
    expect(JSON.stringify({ amount: 250, passphrase: PASSPHRASE })).toContain(PASSPHRASE);
  });

  it("holds no pass phrase volunteered in a message before it was asked", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: VAULT, model });
    model.script({ amount: 40 });
    await flow.send("early", { text: `Send 40 EUR, my pass phrase is ${PASSPHRASE}` });
    const all = exporter.getFinishedSpans().flatMap(texts).join("\n");
    for (const value of derived) expect(all).not.toContain(value);
  });
});
