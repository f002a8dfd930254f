/**
 * A skill's own limits (`## Limits`) under the host's: the smaller of each measure wins, a measure only
 * one of them sets is that one's, a message read for the skill is checked against the result, and a
 * cost limit the skill declares needs the model's price as the host's does (`BudgetError` at creation).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { capLimits } from "../../src/budget/skill-budgets.js";
import { loadFlowSkill } from "../../src/load-flow-skill.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const LOAN = fileURLToPath(new URL("../../../../test/fixtures/endings/library-loan", import.meta.url));

describe("a skill's limits under the host's", () => {
  it("takes the smaller of each measure, and each measure only one of them sets", () => {
    const host = { turn: { tokens: 500, modelCalls: 3 }, conversation: { modelCalls: 10, cost: 0.5 } };
    const skill = { turn: { modelCalls: 1 }, conversation: { modelCalls: 20, tokens: 9000 } };
    expect(capLimits(host, skill)).toEqual({ turn: { modelCalls: 1, tokens: 500 }, conversation: { modelCalls: 10, tokens: 9000, cost: 0.5 } });
    expect(capLimits(undefined, skill)).toEqual(skill);
  });

  it("stops a message at the skill's limit when the host sets none", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: LOAN, model });
    model.script({}, { card: "C1234" });
    await flow.send("t", { text: "Hello" });
    await flow.send("t", { text: "My card is C1234" });
    const over = await flow.send("t", { text: "Which of these is the newest?" });
    expect(over.reply).toEqual(["Stopped: this conversation has used its limit of 2 model calls, so this message was not read and nothing was changed."]);
    expect(over.trace).toContainEqual(expect.objectContaining({ type: "limit", budget: { limit: "conversation.modelCalls", max: 2, used: 2 } }));
    expect(model.prompts).toHaveLength(2);
  });

  it("refuses to create a flow whose skill limits cost for a model with no price", async () => {
    const loaded = await loadFlowSkill(LOAN);
    const skill = { ...loaded.skill, limits: { turn: {}, conversation: { cost: 0.05 } } };
    await expect(createFlow({ skills: [{ skill, tools: loaded.tools }], model: { id: "openai:gpt-9", extract: async () => { throw new Error("not called"); } } }))
      .rejects.toThrow("A cost limit needs the price of the model openai:gpt-9");
  });
});
