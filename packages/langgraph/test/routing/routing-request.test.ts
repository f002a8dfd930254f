/** The one extraction call of a multi-skill flow: its schema, and how the port reads skill and intent. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildExtractPrompt } from "../../src/understand/build-extract-prompt.js";
import { buildExtractionSchema } from "../../src/understand/build-extraction-schema.js";
import { chatModelPort } from "../../src/understand/chat-model-port.js";
import type { ExtractRequest } from "../../src/understand/model-port.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const request: ExtractRequest = {
  skill: { name: "trip", description: "Book a trip." },
  fields: [{ name: "nights", shape: { kind: "number", min: 1, max: 14 } }],
  text: "forget it, refund order 7 instead",
  skills: [
    { name: "trip", description: "Book a trip." },
    {
      name: "refund",
      description: "Refund an order.",
      fields: [{ name: "email", shape: { kind: "text" } }, { name: "nights", shape: { kind: "number" } }],
    },
  ],
};

describe("the routing request", () => {
  it("asks for the fields in scope, the other skills' fields (each name once), skill and intent", () => {
    const schema = buildExtractionSchema(request);
    expect(Object.keys(schema.shape).sort()).toEqual(["email", "intent", "nights", "skill"]);
    expect(schema.shape.skill!.safeParse("refund").success).toBe(true);
    expect(schema.shape.skill!.safeParse("bank").success).toBe(false);
    expect(schema.shape.intent!.safeParse("cancel").success).toBe(true);
  });

  it("takes skill and intent out of the values, and drops an intent that is neither switch nor cancel", async () => {
    const model = new ScriptedChatModel([{ intent: "switch", skill: "refund", email: "m@example.com" }, { intent: "restart", skill: "bank" }]);
    const port = chatModelPort(model);
    const switched = await port.extract(request);
    expect(switched).toMatchObject({ intent: "switch", skill: "refund", extraction: { ok: true, values: { email: "m@example.com" } } });
    const odd = await port.extract(request);
    expect(odd.intent).toBeUndefined();
    expect(odd.skill).toBeUndefined();
    expect(odd.dropped?.map((d) => d.field).sort()).toEqual(["intent", "skill"]);
  });

  it("describes the other skills' fields, skill and intent once, in the system text; the schema only types them", () => {
    const { properties } = z.toJSONSchema(buildExtractionSchema(request)) as { properties: Record<string, { description?: string }> };
    expect(Object.values(properties).filter((p) => p.description !== undefined)).toEqual([]);
    const system = buildExtractPrompt(request).system;
    expect(system).toMatch(/- refund: Refund an order\nTheir other fields:\n- email: free text\n/);
    expect(system).not.toMatch(/Their other fields:[^]*- nights:/); // the skill in progress gives it
    expect(system).toContain('set `intent: "switch"` and `skill` to that skill');
  });

  it("keeps a one-skill request free of routing keys", () => {
    const { skills: _skills, ...solo } = request;
    expect(Object.keys(buildExtractionSchema(solo).shape)).toEqual(["nights"]);
  });
});
