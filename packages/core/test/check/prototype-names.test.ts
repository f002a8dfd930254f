/**
 * A name that is an `Object.prototype` member (`toString`, `constructor`, `valueOf`) is not declared just
 * because every object inherits it: the checks treat it as any other name. `__proto__`, which no plain
 * object can hold as a key, is rejected by the parser where it is written.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkSkill } from "../../src/check/index.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import { collectTools } from "../../src/loader/collect-tools.js";
import { lookup } from "../../src/tools/define.js";
import { FIRST_STEP_LINE, int, list, lookupTool, obj, skillFromText, str, writeTool } from "../helpers/skill-text.js";

const ruleIds = (steps: string) => checkSkill(skillFromText("reason: { text: true }", steps)).map((d) => d.ruleId);

describe("undeclared fields named like Object.prototype members", () => {
  it("reports `toString` and `constructor` asked without a declaration", () => {
    expect(ruleIds(`- ask: { toString: "Which?" }`)).toEqual(["unknown-field"]);
    expect(ruleIds(`- ask: { constructor: "Who?" }`)).toEqual(["unknown-field"]);
  });

  it("a write input `valueOf` that nothing asks is unbound, not 'a field never asked'", () => {
    const send = writeTool("send", { valueOf: str }, obj({}));
    const skill = skillFromText("", `- confirm: { go: "Send?" }\n- do: send`, [send]);
    expect(checkSkill(skill).map((d) => [d.ruleId, d.reason])).toEqual([
      ["unbound-tool-input", "`send` needs the input `valueOf`, which no step asks and no tool returns."],
    ]);
  });

  it("loop variables named `toString` or `constructor` hide no field or tool", () => {
    const rows = lookupTool("rows", {}, obj({ items: list(obj({ n: int })) }));
    const steps = `- do: rows\n- repeat: { for: toString, in: rows.items }\n  steps:\n    - say: "Item {toString.n}"`;
    expect(checkSkill(skillFromText("", steps, [rows]))).toEqual([]);
    const secretSteps = `- do: rows\n- repeat: { for: constructor, in: rows.items }\n  steps:\n    - say: "Item {constructor.n}"`;
    expect(checkSkill(skillFromText("", secretSteps, [rows]))).toEqual([]);
  });
});

/** Parses a skill whose Fields and Steps blocks are given, returning its error diagnostics. */
function parseErrors(fields: string, steps: string) {
  const text = ["---", "name: t", "description: A test skill.", "---", "## Steps", "```yaml", steps, "```", "## Fields", "```yaml", fields, "```", ""].join("\n");
  return parseSkill(text, "t/SKILL.md").diagnostics.filter((d) => d.severity === "error");
}

describe("the name `__proto__`", () => {
  const fieldsLine = FIRST_STEP_LINE + 4;

  it("is rejected as a field name, located at the name, with a fix", () => {
    const [error] = parseErrors("__proto__: { text: true }", `- say: "Hi."`);
    expect(error).toMatchObject({ ruleId: "invalid-field", line: fieldsLine, column: 1 });
    expect(error.reason).toBe("`__proto__` is not a usable field name.");
    expect(error.fix).toContain("reserved");
  });

  it("is rejected as the field of an ask and as a confirm id", () => {
    expect(parseErrors("{}", `- ask: { __proto__: "Q?" }`)).toMatchObject([{ ruleId: "invalid-step", line: FIRST_STEP_LINE }]);
    expect(parseErrors("{}", `- confirm: { __proto__: "Q?" }`)).toMatchObject([{ ruleId: "invalid-step", line: FIRST_STEP_LINE }]);
  });

  it("is rejected as a tool name in tools.ts", () => {
    const tool = lookup({ name: "__proto__", input: z.object({}), output: z.object({}) }, async () => ({}));
    const found = collectTools({ default: [tool] }, "t/tools.ts", 'lookup({ name: "__proto__" })');
    expect(found.diagnostics.map((d) => d.ruleId)).toEqual(["tools-shape"]);
    expect(Object.hasOwn(found.infos, "__proto__")).toBe(false);
  });
});
