import { describe, expect, it } from "vitest";
import { countTokens, TOKENIZER } from "../../src/models/count-tokens.js";
import { addUsage, estimateUsage, normalizeUsage, NO_USAGE, usageFromMetadata, withUsageAccounting } from "../../src/models/account-usage.js";
import { buildExtractPrompt } from "../../src/understand/build-extract-prompt.js";
import type { ExtractRequest, ExtractResult, ModelPort } from "../../src/understand/model-port.js";

const request: ExtractRequest = {
  skill: { name: "trip", description: "Book a trip." },
  fields: [{ name: "nights", shape: { kind: "number", min: 1, max: 14 } }],
  text: "three nights",
};

/** A port that answers `{ nights: 3 }` with the given usage. */
function portWith(usage: ExtractResult["usage"]): ModelPort {
  return { id: "fake", extract: async () => ({ extraction: { ok: true, values: { nights: 3 } }, usage }) };
}

describe("countTokens", () => {
  it("counts cl100k_base tokens", () => {
    expect(TOKENIZER).toBe("cl100k_base");
    expect(countTokens("")).toBe(0);
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("Book me for the Lisbon AI summit, 3 nights")).toBe(11);
  });

  it("counts special-token markers as text instead of throwing", () => {
    expect(countTokens("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("grows with the text", () => {
    const one = countTokens("Which conference are you going to?");
    expect(countTokens("Which conference are you going to? ".repeat(10))).toBeGreaterThanOrEqual(one * 10 - 1);
  });
});

describe("usage accounting", () => {
  it("takes the provider's figures and counts thinking tokens as output (Gemini)", () => {
    // Gemini 2.5: output_tokens leaves out thinking; total_tokens includes it.
    expect(usageFromMetadata({ input_tokens: 300, output_tokens: 20, total_tokens: 450 }))
      .toEqual({ inputTokens: 300, outputTokens: 150, totalTokens: 450 });
    expect(usageFromMetadata({ input_tokens: 300, output_tokens: 20, total_tokens: 320 }))
      .toEqual({ inputTokens: 300, outputTokens: 20, totalTokens: 320 });
    expect(usageFromMetadata({ input_tokens: 10, output_tokens: 5 })).toEqual({ inputTokens: 10, outputTokens: 5, totalTokens: 15 });
  });

  it("reports no usage when the provider gave none", () => {
    expect(usageFromMetadata(undefined)).toBeUndefined();
    expect(usageFromMetadata({ input_tokens: 0, output_tokens: 0, total_tokens: 0 })).toBeUndefined();
  });

  it("keeps totals consistent and adds per conversation", () => {
    expect(normalizeUsage({ inputTokens: 10, outputTokens: 5, totalTokens: 12 })).toEqual({ inputTokens: 10, outputTokens: 5, totalTokens: 15 });
    expect(addUsage({ inputTokens: 1, outputTokens: 2, totalTokens: 3 }, { inputTokens: 10, outputTokens: 20, totalTokens: 30 }))
      .toEqual({ inputTokens: 11, outputTokens: 22, totalTokens: 33 });
  });

  it("estimates with the tokenizer", () => {
    expect(estimateUsage("hello world", "{\"nights\":3}")).toEqual({
      inputTokens: 2,
      outputTokens: countTokens("{\"nights\":3}"),
      totalTokens: 2 + countTokens("{\"nights\":3}"),
    });
  });

  it("estimates a call the provider reported nothing for, over the prompt the port sends", async () => {
    const result = await withUsageAccounting(portWith(NO_USAGE)).extract(request);
    const prompt = buildExtractPrompt(request);
    const input = countTokens(`${prompt.system}\n${prompt.user}`);
    const output = countTokens('{"nights":3}');
    expect(result.usage).toEqual({ inputTokens: input, outputTokens: output, totalTokens: input + output });
    expect(input).toBeGreaterThan(20);
  });

  it("keeps the provider's figures when it gave some", async () => {
    const result = await withUsageAccounting(portWith({ inputTokens: 100, outputTokens: 5, totalTokens: 130 })).extract(request);
    expect(result.usage).toEqual({ inputTokens: 100, outputTokens: 30, totalTokens: 130 });
    expect(result.extraction).toEqual({ ok: true, values: { nights: 3 } });
  });
});
