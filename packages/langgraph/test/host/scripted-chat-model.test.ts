import { describe, expect, it } from "vitest";
import { AIMessageChunk, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { z } from "zod";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const schema = z.object({ nights: z.number().optional() });

describe("ScriptedChatModel", () => {
  it("answers a structured value as a tool call to the bound tool, with usage, and records the prompt", async () => {
    const model = new ScriptedChatModel([{ nights: 3 }]);
    const bound = model.bindTools([{ type: "function", function: { name: "extract", parameters: {} } }]);
    const reply = await bound.invoke([new SystemMessage("You fill fields."), new HumanMessage("3 nights")]);
    expect(AIMessageChunk.isInstance(reply)).toBe(true);
    expect(reply.tool_calls).toEqual([expect.objectContaining({ name: "extract", args: { nights: 3 } })]);
    expect(reply.usage_metadata).toEqual({ input_tokens: expect.any(Number), output_tokens: expect.any(Number), total_tokens: expect.any(Number) });
    expect(reply.usage_metadata!.input_tokens).toBeGreaterThan(0);
    expect(model.prompts).toHaveLength(1);
    expect(model.prompts[0]!.messages).toEqual([
      { role: "system", content: "You fill fields." },
      { role: "human", content: "3 nights" },
    ]);
    expect(model.prompts[0]!.tools).toEqual(["extract"]);
  });

  it("goes through withStructuredOutput like a provider model", async () => {
    const model = new ScriptedChatModel([{ nights: 4 }]);
    const out = await model.withStructuredOutput(schema, { name: "extract", includeRaw: true }).invoke("four nights");
    expect(out.parsed).toEqual({ nights: 4 });
    expect((out.raw as AIMessageChunk).usage_metadata?.total_tokens).toBeGreaterThan(0);
  });

  it("answers a string as plain content, which structured output cannot parse", async () => {
    const model = new ScriptedChatModel(["Sure! nights = three"]);
    const out = await model.withStructuredOutput(schema, { name: "extract", includeRaw: true }).invoke("x");
    expect(out.parsed).toBeNull();
    expect(out.raw.content).toBe("Sure! nights = three");
  });

  it("counts calls with nothing scripted and keeps unused replies visible", async () => {
    const model = new ScriptedChatModel();
    await model.invoke("hello");
    expect(model.unscripted).toBe(1);
    expect(model.prompts[0]!.reply).toBeUndefined();
    model.script({ a: 1 }, "raw");
    expect(model.pending).toBe(2);
    await model.invoke("next");
    expect(model.unscripted).toBe(1);
    expect(model.takeUnused()).toEqual(["raw"]);
    expect(model.pending).toBe(0);
  });

  it("throws on an unscripted call when strict", async () => {
    const model = new ScriptedChatModel([], { strict: true });
    await expect(model.invoke("hello")).rejects.toThrow(/no reply scripted/);
    expect(model.unscripted).toBe(1);
  });
});
