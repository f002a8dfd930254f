/**
 * `## Values` and `default:` in the parser, the checker and the editor: a value is typed by what it
 * reads and seen through by every rule that follows references (used before asked, confirm regions,
 * secrets in text, unknown references); its own problems are reported once, where it is declared; a
 * default is checked against its field's shape and read at the field's ask; the editor completes and
 * hovers a value's name.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { completeAt } from "../../src/edit/complete-at.js";
import { hoverAt } from "../../src/edit/hover-at.js";
import { targetAt } from "../../src/edit/define-at.js";
import { expressionsFor } from "../../src/compile/compile-skill.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import { dbl, int, lookupTool, obj, str, writeTool } from "../helpers/skill-text.js";
import { valuesSkill, valuesText } from "./values-text.js";

const TOOLS = [
  lookupTool("quote", { nights: int }, obj({ fare: dbl, nightly_rate: dbl })),
  writeTool("pay", { amount: dbl }, obj({ ok: str })),
];
const FIELDS = `nights: { number: { min: 1 } }\npin: { pattern: "^[0-9]{4}$", secret: true }\nnote: { text: true }`;
const TOTAL = `total: "round(quote.fare + quote.nightly_rate * double(nights), 2)"`;
const rules = (steps: string, values = TOTAL, fields = FIELDS) => checkSkill(valuesSkill(fields, steps, values, TOOLS)).map((d) => `${d.line}:${d.column} ${d.ruleId}`);

describe("## Values in the parser", () => {
  it("keeps each value's name and expression, located", () => {
    const skill = valuesSkill(FIELDS, `- ask: { nights: "Nights?" }`, `${TOTAL}\nlabel: "string(nights) + ' nights'"`);
    expect(Object.keys(skill.values!)).toEqual(["total", "label"]);
    expect(skill.values!.label).toMatchObject({ expr: { source: "string(nights) + ' nights'" }, pos: { line: 18, column: 1 } });
  });

  it("reports an entry that is not a usable name with one expression, and keeps the rest", () => {
    const parsed = parseSkill(valuesText(FIELDS, `- ask: { nights: "Nights?" }`, `total: [1, 2]\n2x: "nights"\nok: "nights"\nok: "1"`), "t/SKILL.md");
    expect(parsed.diagnostics.map((d) => `${d.line} ${d.ruleId}`)).toEqual(["17 invalid-values", "18 invalid-values", "20 invalid-values"]);
    expect(Object.keys(parsed.skill!.values!)).toEqual(["ok"]);
  });
});

describe("## Values in flow check", () => {
  it("types a value by what it reads: usable in conditions, templates and with:", () => {
    expect(rules(`
- ask: { nights: "Nights?" }
- when: total > 100.0
  steps:
    - say: "That is {total} EUR."
- confirm: { go: "Pay {total}?" }
- do: pay
  with: { amount: total }`)).toEqual([]);
    expect(expressionsFor(valuesSkill(FIELDS, `- ask: { nights: "Nights?" }`, TOTAL, TOOLS)).valueType("total")).toEqual({ t: "double" });
  });

  it("is seen through by used-before-asked: a value is known only where what it reads is, and the reason names it", () => {
    expect(rules(`
- say: "That is {total} EUR."
- ask: { nights: "Nights?" }`)).toContain("13:18 used-before-asked");
    const [use] = checkSkill(valuesSkill(FIELDS, `
- say: "That is {total} EUR."
- ask: { nights: "Nights?" }`, TOTAL, TOOLS)).filter((d) => d.ruleId === "used-before-asked");
    expect(use!.reason).toBe("`nights` is used here but asked only later, at line 14 (the value `total` reads it).");
  });

  it("is seen through by the confirm region: an ask of what a value reads, after the confirm, ends it", () => {
    expect(rules(`
- confirm: { go: "Pay?" }
- ask: { nights: "Nights?" }
- do: pay
  with: { amount: total }`)).toContain("15:3 ungated-write");
    expect(rules(`
- ask: { nights: "Nights?" }
- confirm: { go: "Pay?" }
- ask: { note: "A note?" }
- do: pay
  with: { amount: total }`)).toEqual([]);
  });

  it("is seen through by the secret rules: a value that reads a secret cannot be shown", () => {
    expect(rules(`
- ask: { pin: "PIN?" }
- say: "Your code is {code}."`, `code: "pin + '-x'"`)).toEqual(["14:23 secret-in-text"]);
  });

  it("reports a value's own problem once, where it is declared, and not where it is read", () => {
    expect(rules(`
- ask: { nights: "Nights?" }
- say: "{bad} {circle} {nights_value}"`, `bad: "nights + 'x'"\ncircle: "circle + 1"\nnights_value: "quote.fair"\nunknown: "nigths"`))
      .toEqual(["18:14 ill-typed-value", "19:1 value-cycle", "20:22 unknown-reference", "21:11 unknown-reference"]);
  });

  it("reports a value named like a field, a tool, a loop variable or a gathered list", () => {
    const found = checkSkill(valuesSkill(FIELDS, `
- ask: { nights: "Nights?" }
- repeat: { for: night, in: "[1, 2]", as: stays }
  steps:
    - say: "{night}"`, `nights: "1"\nquote: "2"\nnight: "3"\nstays: "4"`, TOOLS));
    expect(found.map((d) => d.reason)).toEqual([
      "Value `nights` has the name of a field, so `nights` would mean two things.",
      "Value `quote` has the name of a tool, so `quote` would mean two things.",
      "Value `night` has the name of a loop variable, so `night` would mean two things.",
      "Value `stays` has the name of a gathered list, so `stays` would mean two things.",
    ]);
  });
});

describe("default: in flow check", () => {
  const withDefault = (decl: string, steps: string) => rules(steps, TOTAL, `${FIELDS}\n${decl}`);

  it("accepts a default of the field's kind, read where what it reads is known", () => {
    expect(withDefault(`amount: { decimal: true, default: total }`, `
- ask: { nights: "Nights?" }
- ask: { amount: "How much?" }`)).toEqual([]);
    expect(withDefault(`count: { number: true, default: nights }`, `
- ask: { nights: "Nights?" }
- ask: { count: "How many?" }`)).toEqual([]);
  });

  it("reports a default of another kind than the field, and one read before what it reads is asked", () => {
    expect(withDefault(`count: { number: true, default: total }`, `
- ask: { nights: "Nights?" }
- ask: { count: "How many?" }`)).toEqual(["10:33 ill-typed-default"]);
    expect(withDefault(`count: { number: true, default: nights }`, `
- ask: { count: "How many?" }
- ask: { nights: "Nights?" }`)).toEqual(["10:33 used-before-asked"]);
  });

  it("reports a default that reads a secret, even through a value", () => {
    expect(rules(`
- ask: { pin: "PIN?" }
- ask: { other: "Other?" }`, `code: "pin"`, `${FIELDS}\nother: { text: true, default: code }`)).toEqual(["10:31 secret-default"]);
  });

  it("cannot go with secret: or keep:", () => {
    const parsed = parseSkill(valuesText(`a: { text: true, secret: true, default: "'x'" }\nb: { text: true, keep: conversation, default: "'x'" }`, `- ask: { a: "A?" }\n- ask: { b: "B?" }`, ""), "t/SKILL.md");
    expect(parsed.diagnostics.map((d) => `${d.line} ${d.ruleId}`)).toEqual(["7 invalid-field", "8 invalid-field"]);
    expect(parsed.skill!.fields.a!.default).toBeUndefined();
  });
});

describe("## Values in the editor", () => {
  const source = valuesText(FIELDS, `- ask: { nights: "Nights?" }\n- say: "That is {total} EUR."`, TOTAL);
  const skill = { ...parseSkill(source, "t/SKILL.md").skill!, tools: Object.fromEntries(TOOLS.map((t) => [t.name, t])) };
  const line = source.split("\n").findIndex((l) => l.includes("{total}"));

  it("completes a value's name with its type", () => {
    const edited = source.replace("{total}", "{tot");
    const found = completeAt(edited, { line, character: edited.split("\n")[line]!.indexOf("{tot") + 4 }, skill);
    expect(found.find((c) => c.label === "total")).toMatchObject({ kind: "variable", detail: "value: double" });
  });

  it("completes names inside a value's expression and a field's default:, and goes from a value's use to its line", () => {
    const text = valuesText(`${FIELDS}\nextra: { decimal: true, default: "tot" }`, `- ask: { nights: "Nights?" }\n- say: "That is {total} EUR."`, `${TOTAL}\ntwice: "nig"`);
    const lines = text.split("\n");
    const inValue = lines.findIndex((l) => l.startsWith("twice:"));
    expect(completeAt(text, { line: inValue, character: lines[inValue]!.indexOf("nig") + 3 }, skill).map((c) => c.label)).toContain("nights");
    const inDefault = lines.findIndex((l) => l.startsWith("extra:"));
    expect(completeAt(text, { line: inDefault, character: lines[inDefault]!.indexOf('"tot') + 4 }, skill).map((c) => c.label)).toContain("total");
    expect(targetAt(source, { line, character: source.split("\n")[line]!.indexOf("total") + 1 }, skill)).toEqual({ at: skill.values!.total!.pos });
  });

  it("hovers a value with its type and expression", () => {
    const hover = hoverAt(source, { line, character: source.split("\n")[line]!.indexOf("total") + 1 }, skill);
    expect(hover).toContain("**`total`** · value: `double`");
    expect(hover).toContain("`round(quote.fare + quote.nightly_rate * double(nights), 2)`");
  });
});
