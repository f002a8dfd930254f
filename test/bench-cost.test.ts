/**
 * The cost benchmark's structural goals (bench/cost): the reference story through Skillflow makes at
 * most one model call per free-text message and none for picks, the typed approval code or Pay; every
 * prompt is the same small size (no transcript, never the secret); and the ReAct arm stays in step with
 * the tools' real answers. No timing is asserted.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { isDataEntry, readStory } from "../bench/cost/read-story.mjs";
import { runSkillflowArm } from "../bench/cost/skillflow-arm.mjs";
import { runReactArm } from "../bench/cost/react-arm.mjs";

interface ArmTurn {
  said: string;
  kind: string;
  calls: number;
  tokens: number;
  reportedCalls: number;
}
interface SkillflowArm {
  turns: ArmTurn[];
  writes: string[];
  prompts: string[];
  calls: number;
  tokens: number;
}

const BOOKINGS = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];
let arm: SkillflowArm;
beforeAll(async () => {
  arm = await runSkillflowArm(readStory());
});

describe("bench/cost, the Skillflow arm", () => {
  it("classifies the story's events as the benchmark reports them", () => {
    expect(arm.turns.map((t) => t.kind)).toEqual([
      "free text", "pick", "pick", "pick", "free text", "free text", "free text", "typed code", "press", "press",
    ]);
  });

  it("makes at most one model call per free-text message, and one for each that carries values", () => {
    const free = arm.turns.filter((t) => !isDataEntry(t.kind));
    expect(free.map((t) => t.calls)).toEqual([1, 1, 1, 0]); // the 4th arrives while the code is pending
  });

  it("makes no model call for a pick, the typed approval code or a Pay press", () => {
    const entry = arm.turns.filter((t) => isDataEntry(t.kind));
    expect(entry).toHaveLength(6);
    for (const turn of entry) expect({ said: turn.said, calls: turn.calls, tokens: turn.tokens }).toEqual({ said: turn.said, calls: 0, tokens: 0 });
  });

  it("counts exactly the calls the runtime reports, fewer than the reference's 4 in total", () => {
    for (const turn of arm.turns) expect(turn.calls).toBe(turn.reportedCalls);
    expect(arm.calls).toBe(3);
    expect(arm.calls).toBeLessThan(4);
  });

  it("sends prompts that do not grow with the conversation and never hold the secret or earlier messages", () => {
    const sizes = arm.turns.filter((t) => t.calls > 0).map((t) => t.tokens);
    expect(Math.max(...sizes) / Math.min(...sizes)).toBeLessThan(1.2);
    for (const prompt of arm.prompts) expect(prompt).not.toContain("AB-123456");
    expect(arm.prompts[2]).not.toContain("Book me for the Lisbon AI Summit");
    expect(arm.prompts[2]).toContain("Actually, make it 4 nights");
  });

  it("books the four writes once, in order", () => {
    expect(arm.writes).toEqual(BOOKINGS);
  });
});

describe("bench/cost, the Skillflow arm hosting three skills", () => {
  it("folds the choice of skill into the extraction call: still 3 calls, none for data entry", async () => {
    const hosted = ["conference-trip", "order-refund", "account-change"].map((name) => fileURLToPath(new URL(`../skills/${name}`, import.meta.url)));
    const routed: SkillflowArm = await runSkillflowArm(readStory(), { hosted });
    expect(routed.turns.map((t) => t.calls)).toEqual(arm.turns.map((t) => t.calls));
    expect(routed.writes).toEqual(BOOKINGS);
  });
});

describe("bench/cost, the ReAct arm", () => {
  it("sends every person message to the model, stays in step with the tools, and books in order", async () => {
    const react = await runReactArm(readStory());
    expect(react.turns).toHaveLength(arm.turns.length);
    for (const turn of react.turns) expect(turn.calls).toBeGreaterThanOrEqual(1);
    expect(react.writes).toEqual(BOOKINGS);
    expect(react.tokens / arm.tokens).toBeGreaterThanOrEqual(25);
  });
});
