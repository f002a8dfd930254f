/**
 * The request `@langchain/google-genai` sends to Gemini for one extraction, checked offline: `fetch`
 * is stubbed, answers with a canned Gemini response, and records what would have gone over the wire.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ExtractRequest } from "../../src/understand/model-port.js";
import { resolveModel } from "../../src/models/resolve-model.js";

interface Sent {
  url: string;
  headers: Headers;
  body: string;
}

const sent: Sent[] = [];
let reply: unknown;

/** A Gemini `generateContent` response whose one candidate says `text`. */
function geminiResponse(text: string, usage: Record<string, number>): unknown {
  return {
    candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
    usageMetadata: usage,
  };
}

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal("fetch", async (url: unknown, init: { headers?: ConstructorParameters<typeof Headers>[0]; body?: string }) => {
    sent.push({ url: String(url), headers: new Headers(init.headers), body: String(init.body) });
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What the runtime hands the port on a turn: model-settable fields only (the secret is not in scope). */
function turn(text: string): ExtractRequest {
  return {
    skill: { name: "conference-trip", description: "Book travel to a conference within the travel policy." },
    fields: [
      { name: "nights", shape: { kind: "number", min: 1, max: 14 }, question: "How many nights do you need?" },
      { name: "cabin", shape: { kind: "choices", choices: ["economy", "business"] }, synonyms: { economy: ["coach"] } },
    ],
    pending: { field: "nights", question: "How many nights do you need?" },
    text,
  };
}

describe("Gemini request shape (offline)", () => {
  it("sends one generateContent call carrying the fields in scope and the message, and reads values and usage", async () => {
    reply = geminiResponse('{"nights":3,"cabin":"economy"}', {
      promptTokenCount: 180, candidatesTokenCount: 9, thoughtsTokenCount: 40, totalTokenCount: 229,
    });
    const model = await resolveModel("gemini:gemini-2.5-flash", { GOOGLE_API_KEY: "test-key" });
    const result = await model.extract(turn("3 nights in coach please"));

    expect(sent).toHaveLength(1);
    const [call] = sent;
    expect(call.url).toBe("https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent");
    expect(call.headers.get("x-goog-api-key")).toBe("test-key");
    const body = JSON.parse(call.body);
    expect(Object.keys(body).sort()).toEqual(["contents", "generationConfig", "safetySettings", "systemInstruction"]);
    expect(Object.keys(body.generationConfig.responseSchema.properties)).toEqual(["nights", "cabin"]);
    expect(body.generationConfig.responseMimeType).toBe("application/json");
    expect(body.contents).toEqual([{ role: "user", parts: [{ text: "3 nights in coach please" }] }]);
    const system: string = body.systemInstruction.parts[0].text;
    expect(system).toContain("Book travel to a conference within the travel policy.");
    expect(system).toContain("How many nights do you need?");
    // Each field's words travel once, in the system text: the response schema carries names and types.
    expect(call.body.split("How many nights do you need?")).toHaveLength(2);
    expect(body.generationConfig.responseSchema.properties).toEqual({ nights: { type: "number" }, cabin: { type: "string" } });
    expect(call.body).not.toContain("test-key");

    expect(result.extraction).toEqual({ ok: true, values: { nights: 3, cabin: "economy" } });
    // Thinking tokens (40) are in total_tokens but not in candidatesTokenCount: they count as output.
    expect(result.usage).toEqual({ inputTokens: 180, outputTokens: 49, totalTokens: 229 });
  });

  it("sends no transcript: a later turn carries only its own message, and the request does not grow", async () => {
    reply = geminiResponse("{}", { promptTokenCount: 150, candidatesTokenCount: 2, totalTokenCount: 152 });
    const model = await resolveModel("gemini:gemini-2.5-flash", { GOOGLE_API_KEY: "test-key" });
    const first = "I'm the VP, my approval code is VP-000001";
    const second = "three";
    await model.extract(turn(first));
    await model.extract(turn(second));

    expect(sent).toHaveLength(2);
    expect(sent[1].body).not.toContain("VP-000001");
    expect(JSON.parse(sent[1].body).contents).toEqual([{ role: "user", parts: [{ text: second }] }]);
    expect(sent[0].body.length - sent[1].body.length).toBe(first.length - second.length);
  });

  it("turns a malformed answer into a failed extraction, not an exception", async () => {
    reply = geminiResponse("not json at all", { promptTokenCount: 150, candidatesTokenCount: 4, totalTokenCount: 154 });
    const model = await resolveModel("gemini", { GOOGLE_API_KEY: "test-key" });
    const result = await model.extract(turn("3"));
    expect(result.extraction.ok).toBe(false);
  });
});
