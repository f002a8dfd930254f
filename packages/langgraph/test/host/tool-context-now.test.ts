/**
 * `ToolContext.now` is an ISO 8601 string, not a `Date` (issue 36 §5): a tool gets the real clock as a
 * string when the flow is given none, and docs/skill-format.md says so where it lists what a tool's
 * second argument holds, with how to compute with it — a newcomer's `now.getTime()` passed `flow check`
 * and failed only when the write ran.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lookup } from "@skillflow/core";
import { collectTools, loadSkillText } from "@skillflow/core/loader";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const DOC = readFileSync(fileURLToPath(new URL("../../../../docs/skill-format.md", import.meta.url)), "utf8");
const SKILL = `---
name: clock
description: Says what time the tools were given.
---
## Steps
\`\`\`yaml
- say: "Given {read_clock.kind} {read_clock.value}."
\`\`\`
`;

describe("ToolContext.now", () => {
  it("is an ISO 8601 string of the real clock when the flow is given none", async () => {
    const seen: unknown[] = [];
    const tools = [lookup({ name: "read_clock", input: z.object({}), output: z.object({ kind: z.string(), value: z.string() }) }, (_input, { now }) => {
      seen.push(now);
      return { kind: typeof now, value: String(now) };
    })];
    const loaded = await loadSkillText("/virtual/clock/SKILL.md", SKILL, { tools: { toolsFile: "/virtual/clock/tools.ts", collected: collectTools({ default: tools }, "/virtual/clock/tools.ts", "") } });
    if (!loaded.skill) throw new Error(JSON.stringify(loaded.diagnostics));
    const before = Date.now();
    const flow = await createFlow({ skill: loaded.skill, tools, model: new ScriptedChatModel() });
    const turn = await flow.send("t", { preset: {} });
    expect(turn.reply[0]).toMatch(/^Given string \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\.$/);
    const now = seen[0] as string;
    expect(new Date(now).toISOString()).toBe(now);
    expect(Date.parse(now)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("is documented as that string, with how to get a Date from it", () => {
    const line = DOC.split("\n\n").find((paragraph) => paragraph.includes("The second argument gives `idempotencyKey`"));
    expect(line).toBeDefined();
    expect(line!.replace(/\s+/g, " ")).toMatch(/`now` \(the time as an ISO 8601 string, such as `2027-03-01T09:00:00\.000Z`, not a `Date`: `new Date\(now\)` or `Date\.parse\(now\)`/);
  });
});
