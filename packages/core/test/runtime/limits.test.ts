/**
 * Issue 3, point 9 (a cap on tool calls per person event, default 50, with a clear error) and malformed
 * model output (sets nothing; the reply says it did not understand and asks again).
 */
import { describe, expect, it } from "vitest";
import { asked, errors, Host, says, skillFrom, T, toolInfo, tools } from "./host.js";
import { tripHost } from "./trip-fixture.js";

const MANY_MD = `---
name: many
description: Price every row.
---
## Steps

\`\`\`yaml
- repeat: { for: row, in: rows.list }
  steps:
    - do: price
- say: "All priced."
\`\`\`
`;

function manyRows(n: number, limits?: { maxCallsPerEvent: number }): Host {
  const skill = skillFrom(MANY_MD, [
    toolInfo("rows", "lookup", {}, { list: T.list(T.obj({ id: T.str })) }),
    toolInfo("price", "lookup", { row: T.obj({ id: T.str }) }, { amount: T.int }),
  ]);
  const list = Array.from({ length: n }, (_, i) => ({ id: `r${i}` }));
  return new Host(skill, { rows: () => ({ list }), price: () => ({ amount: 1 }) }, "flow-1", limits);
}

describe("tool calls per event", () => {
  it("stops at the default of 50 with a clear error and a limit trace", () => {
    const host = manyRows(60);
    const turn = host.text("go", {});
    expect(turn.calls.length).toBe(50);
    expect(errors(turn)).toEqual(["Stopped: this message needed more than 50 tool calls. Nothing more was run; please try again."]);
    expect(turn.trace.filter((e) => e.type === "limit").length).toBe(1);
    expect(says(turn)).toEqual([]);
  });

  it("the count starts again with the next person event (cached results are kept)", () => {
    const host = manyRows(60);
    host.text("go", {});
    const turn = host.text("go on", {});
    expect(turn.calls.length).toBe(11);
    expect(says(turn)).toEqual(["All priced."]);
  });

  it("a configured cap applies", () => {
    const host = tripHost();
    const capped = new Host(host.skill, host.fakes, "flow-1", { maxCallsPerEvent: 1 });
    const turn = capped.text("Lisbon, 3, economy", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
    expect(tools(turn)).toEqual(["find_conference"]);
    expect(errors(turn)[0]).toMatch(/more than 1 tool calls/);
  });

  it("without a cap problem, all rows run in one event", () => {
    const turn = manyRows(10).text("go", {});
    expect(turn.calls.length).toBe(11);
    expect(says(turn)).toEqual(["All priced."]);
  });
});

describe("malformed model output", () => {
  it("sets nothing and asks again after a short \"I didn't understand\" line", () => {
    const host = tripHost();
    host.text("Lisbon", { conference: "Lisbon AI Summit" });
    const before = structuredClone(host.state.answers);
    const turn = host.send({ type: "text", text: "three-ish", extraction: { ok: false, raw: "{nights: 3", error: "bad JSON" } });
    expect(host.state.answers).toEqual(before);
    expect(turn.effects.map((e) => e.type)).toEqual(["say", "ask"]);
    expect(says(turn)).toEqual(["Sorry, I didn't understand that."]);
    expect(asked(turn)).toBe("nights");
  });
});
