import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AIMessageChunk } from "@langchain/core/messages";
import { buildExtractPrompt } from "../../src/understand/build-extract-prompt.js";
import { buildExtractionSchema, buildValueSchema } from "../../src/understand/build-extraction-schema.js";
import { chatModelPort, readResult } from "../../src/understand/chat-model-port.js";
import type { ExtractRequest } from "../../src/understand/model-port.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const request: ExtractRequest = {
  skill: { name: "conference-trip", description: "Book a conference trip." },
  fields: [
    { name: "nights", shape: { kind: "number", min: 1, max: 14 }, question: "How many nights?" },
    { name: "cabin", shape: { kind: "choices", choices: ["economy", "business"] }, synonyms: { economy: ["coach"] } },
    { name: "roaming", shape: { kind: "yes_no" } },
  ],
  pending: { field: "nights", question: "How many nights?" },
  text: "Make it 4 nights in coach",
};

describe("the extraction prompt", () => {
  it("carries the skill, each field with its shape in words and question, the pending question and the message", () => {
    const prompt = buildExtractPrompt(request);
    expect(prompt.system).toContain('"conference-trip": Book a conference trip.');
    expect(prompt.system).toContain('- nights: a whole number from 1 to 14 — asked as "How many nights?"');
    expect(prompt.system).toContain("- cabin: one of economy, business (coach mean economy)");
    expect(prompt.system).toContain("- roaming: true or false");
    expect(prompt.system).toContain("The flow is waiting for `nights` (asked above).");
    expect(prompt.system.split("How many nights?")).toHaveLength(2); // the question once, on its field's line
    expect(prompt.system).not.toContain("reply");
    expect(prompt.user).toBe("Make it 4 nights in coach");
  });

  it("gives the pending question in full when no field line already says it", () => {
    const other = { ...request, pending: { field: "nights", question: "And how many nights now?" } };
    expect(buildExtractPrompt(other).system).toContain('The flow is waiting for `nights`: "And how many nights now?"');
  });

  it("offers a `reply` only when chat instructions are in play", () => {
    const chat = { ...request, chat: { instructions: "Answer questions about the flights." } };
    expect(buildExtractPrompt(chat).system).toContain("answer in `reply`");
    expect(buildExtractPrompt(chat).system).toContain("Answer questions about the flights.");
    expect(Object.keys(buildExtractionSchema(chat).shape)).toEqual(["nights", "cabin", "roaming", "reply"]);
    expect(Object.keys(buildExtractionSchema(request).shape)).toEqual(["nights", "cabin", "roaming"]);
  });

  it("gives the model a schema of only the fields in scope, all optional, typed by base type", () => {
    const schema = buildExtractionSchema(request);
    expect(schema.safeParse({}).success).toBe(true);
    expect(schema.safeParse({ nights: 3, cabin: "economy", roaming: true }).success).toBe(true);
    expect(schema.safeParse({ nights: "3" }).success).toBe(false);
  });

  it("sends each field's words once: the schema's properties carry no description, the system text does", () => {
    const chat = { ...request, chat: { instructions: "Answer questions about the flights." } };
    const { properties } = z.toJSONSchema(buildExtractionSchema(chat)) as { properties: Record<string, object> };
    expect(properties).toEqual({ nights: { type: "number" }, cabin: { type: "string" }, roaming: { type: "boolean" }, reply: { type: "string" } });
    expect(buildExtractPrompt(chat).system).toContain('- nights: a whole number from 1 to 14 — asked as "How many nights?"');
  });
});

describe("chatModelPort", () => {
  it("returns the model's values, the usage from usage_metadata, and sends the built prompt", async () => {
    const model = new ScriptedChatModel([{ nights: 4, cabin: "coach" }]);
    const result = await chatModelPort(model).extract(request);
    expect(result.extraction).toEqual({ ok: true, values: { nights: 4, cabin: "coach" } });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens);
    expect(model.prompts[0]!.messages.map((m) => m.content)).toEqual([buildExtractPrompt(request).system, request.text]);
    expect(model.prompts[0]!.tools).toEqual(["extract"]);
  });

  it("safeParses every value: what no field could take is dropped and reported, scalars go on", async () => {
    const model = new ScriptedChatModel([{ nights: { value: 4 }, cabin: ["economy"], roaming: "yes", approval_code: "VP-1" }]);
    const result = await chatModelPort(model).extract(request);
    expect(result.extraction).toEqual({ ok: true, values: { roaming: "yes", approval_code: "VP-1" } });
    expect(result.dropped?.map((d) => d.field)).toEqual(["nights", "cabin"]);
    expect(result.dropped?.[0]?.reason).toMatch(/^invalid: /);
  });

  it("turns malformed output into ok:false with the raw text instead of throwing", async () => {
    const model = new ScriptedChatModel(["I think they want four nights?"]);
    const result = await chatModelPort(model).extract(request);
    expect(result.extraction).toEqual({ ok: false, raw: "I think they want four nights?", error: expect.any(String) });
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it("passes on keys named like Object.prototype members, for the runtime to drop, instead of throwing", () => {
    const raw = new AIMessageChunk({ content: "" });
    const result = readResult(buildValueSchema(request), raw, { toString: "x", constructor: "y", nights: 2 });
    expect(result.extraction).toEqual({ ok: true, values: { toString: "x", constructor: "y", nights: 2 } });
    expect(result.dropped).toEqual([]);
  });

  it("drops a `__proto__` key from tool-call args as an unknown field, instead of swallowing it", async () => {
    // JSON.parse makes `__proto__` an own key, as a provider's parsed tool call does.
    const model = new ScriptedChatModel([JSON.parse('{"__proto__": "admin", "nights": 3}')]);
    const result = await chatModelPort(model).extract(request);
    expect(result.extraction).toEqual({ ok: true, values: { nights: 3 } });
    expect(result.dropped).toEqual([{ field: "__proto__", reason: "unknown field" }]);
  });

  it("drops a `__proto__` object from raw JSON output without it becoming the values' prototype", () => {
    const raw = new AIMessageChunk({ content: '{"__proto__": {"nights": 9, "cabin": "business"}, "roaming": true}' });
    const result = readResult(buildValueSchema(request), raw, JSON.parse(raw.content as string));
    if (!result.extraction.ok) throw new Error("expected values");
    expect(result.extraction.values).toEqual({ roaming: true });
    expect(Object.getPrototypeOf(result.extraction.values)).toBe(Object.prototype);
    expect((result.extraction.values as Record<string, unknown>).nights).toBeUndefined();
    expect(result.dropped).toEqual([{ field: "__proto__", reason: "unknown field" }]);
  });

  it("rejects a parsed value that is not an object", () => {
    const raw = new AIMessageChunk({ content: "" });
    const result = readResult(buildValueSchema(request), raw, [1, 2]);
    expect(result.extraction.ok).toBe(false);
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
  });

  it("separates the chat reply from the field values", async () => {
    const model = new ScriptedChatModel([{ nights: 2, reply: "The early flight lands at 9:40." }]);
    const result = await chatModelPort(model).extract({ ...request, chat: { instructions: "Answer questions." } });
    expect(result.extraction).toEqual({ ok: true, values: { nights: 2 }, reply: "The early flight lands at 9:40." });
  });
});

describe("chatModelPort's schemas", () => {
  it("are made once per set of fields asked for, and a request with other fields or types gets its own", async () => {
    const model = new ScriptedChatModel([{ nights: 4 }, { nights: 5 }, { nights: "six" }, { nights: 7, reply: "Sure." }]);
    let made = 0;
    const withStructuredOutput = model.withStructuredOutput.bind(model);
    model.withStructuredOutput = ((...args: Parameters<typeof withStructuredOutput>) => {
      made += 1;
      return withStructuredOutput(...args);
    }) as typeof model.withStructuredOutput;
    const port = chatModelPort(model);
    const first = await port.extract(request);
    const again = await port.extract({ ...request, text: "five nights then" });
    expect(made).toBe(1);
    expect([first.extraction, again.extraction]).toEqual([{ ok: true, values: { nights: 4 } }, { ok: true, values: { nights: 5 } }]);
    // `nights` as text asks the model for a string: another schema, made anew.
    const asText = await port.extract({ ...request, fields: [{ name: "nights", shape: { kind: "text" } }] });
    expect(asText.extraction).toEqual({ ok: true, values: { nights: "six" } });
    expect(made).toBe(2);
    const chat = await port.extract({ ...request, chat: { instructions: "Answer questions." } });
    expect(chat.extraction).toEqual({ ok: true, values: { nights: 7 }, reply: "Sure." });
    expect(made).toBe(3);
    expect(model.prompts.map((p) => p.tools)).toEqual([["extract"], ["extract"], ["extract"], ["extract"]]);
  });
});
