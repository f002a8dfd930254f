/**
 * Issue 21, part 3: the same write twice on one path under one confirm ran twice on one yes (a double
 * refund), and the checker said nothing. Now it is a warning, `duplicate-write`; a second `do:` in a
 * `when` or loop of its own, or under a confirm of its own, is left alone.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { obj, skillFromText, str, writeTool } from "../helpers/skill-text.js";

const tools = [writeTool("create_return", { order_id: str }, obj({ label: str }))];
const fields = "order_id: { text: true }";
const ruleIds = (steps: string, more = "") => checkSkill(skillFromText(`${fields}\n${more}`, `- ask: { order_id: "Which?" }\n${steps}`, tools)).map((d) => d.ruleId);

describe("duplicate-write", () => {
  it("warns on a second do: of a write under the same confirm, on every path", () => {
    expect(ruleIds(`- confirm: { go: "Go?" }\n- do: create_return\n- do: create_return`)).toEqual(["duplicate-write"]);
  });

  it("warns on a second do: inside a when, when the first is on every path to it", () => {
    expect(ruleIds(`- confirm: { go: "Go?" }\n- do: create_return\n- when: order_id == "x"\n  steps:\n    - do: create_return`)).toEqual(["duplicate-write"]);
  });

  it("leaves alone a first do: in a when the second is outside of, an ask in between, and a confirm of another loop", () => {
    expect(ruleIds(`- confirm: { go: "Go?" }\n- when: order_id == "x"\n  steps:\n    - do: create_return\n- do: create_return`)).toEqual([]);
    expect(ruleIds(`- confirm: { go: "Go?" }\n- do: create_return\n- ask: { note: "Note?" }\n- do: create_return`, "note: { text: true }")).toEqual([]);
  });

  it("reports each pair once in a long skill (its cost is bench:load's: one forward pass)", () => {
    const blocks = Array.from({ length: 500 }, (_, i) => `- confirm: { c${i}: "Go ${i}?" }\n- do: create_return\n- do: create_return\n- ask: { n${i}: "Note ${i}?" }`).join("\n");
    const fields = ["order_id: { text: true }", ...Array.from({ length: 500 }, (_, i) => `n${i}: { text: true }`)].join("\n");
    const ids = checkSkill(skillFromText(fields, `- ask: { order_id: "Which?" }\n${blocks}`, tools)).filter((d) => d.ruleId === "duplicate-write");
    expect(ids).toHaveLength(500);
  });
});
