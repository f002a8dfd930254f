/**
 * Names are data: a field or a model-proposed key that happens to be an `Object.prototype` member
 * (`constructor`, `toString`) must behave like any other name, never read an inherited property.
 */
import { describe, expect, it } from "vitest";
import { step } from "../../src/runtime/step.js";
import { initialState } from "../../src/runtime/initial-state.js";
import { skillFromText } from "../helpers/skill-text.js";

const skill = skillFromText(
  "constructor: { text: true }",
  `- ask: { constructor: "Who builds it?" }\n- say: "Built by {constructor}."`,
);

describe("names that are Object.prototype members", () => {
  it("asks a field named `constructor` like any other, and uses its answer", () => {
    const first = step(skill, initialState("f"), { type: "text", text: "hi" });
    expect(first.state.pending).toMatchObject({ kind: "ask", field: "constructor" });
    const second = step(skill, first.state, { type: "pick", field: "constructor", value: "Ada" });
    expect(second.effects).toContainEqual({ type: "say", text: "Built by Ada." });
  });

  it("drops a model value for `toString` as an unknown field instead of throwing", () => {
    const first = step(skill, initialState("f"), { type: "text", text: "hi" });
    const turn = step(skill, first.state, { type: "text", text: "x", extraction: { ok: true, values: { toString: "x" } } });
    expect(turn.trace).toContainEqual({ type: "dropped", field: "toString", reason: "unknown field" });
    expect(turn.state.pending).toMatchObject({ kind: "ask", field: "constructor" });
  });
});
