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
const ruleIds = (steps: string) => checkSkill(skillFromText(fields, `- ask: { order_id: "Which?" }\n${steps}`, tools)).map((d) => d.ruleId);

describe("duplicate-write", () => {
  it("warns on a second do: of a write under the same confirm, on every path", () => {
    expect(ruleIds(`- confirm: { go: "Go?" }\n- do: create_return\n- do: create_return`)).toEqual(["duplicate-write"]);
  });

  it("leaves a second do: in a when of its own", () => {
    expect(ruleIds(`- confirm: { go: "Go?" }\n- do: create_return\n- when: order_id == "x"\n  steps:\n    - do: create_return`)).toEqual([]);
  });
});
