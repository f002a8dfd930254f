/**
 * A real Gemini call (network, key, cost): not part of `npm test`. Run with
 * `GOOGLE_API_KEY=… npx vitest run --config vitest.int.config.ts packages/langgraph/test/models/gemini.int.test.ts`
 * (or `GEMINI_MODEL=gemini-2.5-pro` to try another model).
 */
import { describe, expect, it } from "vitest";
import { resolveModel } from "../../src/models/resolve-model.js";

const key = process.env.GOOGLE_API_KEY;

describe.skipIf(!key)("Gemini, for real", () => {
  it("extracts a number and a choice from one message, with usage", async () => {
    const model = await resolveModel(`gemini:${process.env.GEMINI_MODEL ?? "gemini-2.5-flash"}`);
    const result = await model.extract({
      skill: { name: "conference-trip", description: "Book travel to a conference within the travel policy." },
      fields: [
        { name: "nights", shape: { kind: "number", min: 1, max: 14 }, question: "How many nights do you need?" },
        { name: "cabin", shape: { kind: "choices", choices: ["economy", "business"] } },
      ],
      pending: { field: "nights", question: "How many nights do you need?" },
      text: "Three nights, and economy is fine.",
    });
    expect(result.extraction).toEqual({ ok: true, values: { nights: 3, cabin: "economy" } });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens);
  }, 60_000);
});
