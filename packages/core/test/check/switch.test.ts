/**
 * `switch` and `when … else`: several ways on one answer, exactly one of which runs. The parser numbers
 * their steps on across the ways; the checker reads the ways as one choice: a case must be a value the
 * switch can take, the cases must name every value (or have `else:`), a value every way gives is known
 * after it, a write after it is covered only when every way covers it, one field may be asked in two
 * ways, and ends inside ways that rule each other out are unreached.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import { possibleValues } from "../../src/check/possible-values.js";
import { bool, int, lookupTool, obj, skillFromText, str, writeTool } from "../helpers/skill-text.js";

const level = { t: "string", values: ["low", "acceptable", "high"] } as const;
const tools = [
  lookupTool("assess_risk", { method: str }, obj({ level, score: int })),
  lookupTool("find_card", { card: str }, obj({ known: bool, holder: str })),
  writeTool("charge", { method: str }, obj({ receipt: str })),
];
const fields = `method: { choices: [card, gift, cash] }
card: { text: true }
note: { text: true }
ok: { yes_no: true }`;
const check = (steps: string) => checkSkill(skillFromText(fields, steps, tools));
const rules = (steps: string) => check(steps).map((d) => `${d.line}:${d.column} ${d.ruleId}`);

const payment = (cases: string, after = "") => `
- ask: { method: "How do you pay?" }
- switch: method
  cases:
${cases}${after}`;

describe("switch: parsing", () => {
  it("numbers the steps of the ways on from the switch, in the order written", () => {
    const skill = skillFromText(fields, payment(`    card:
      - say: "a"
      - say: "b"
    gift:
      - say: "c"
  else:
    - say: "d"`));
    const step = skill.steps[1]!;
    expect(step.kind).toBe("switch");
    if (step.kind !== "switch") return;
    expect(step.branches.map((b) => [b.value ?? "else", b.steps.map((s) => s.id)])).toEqual([["card", ["2.1", "2.2"]], ["gift", ["2.3"]], ["else", ["2.4"]]]);
  });

  it("reads `when … else` as a switch on the condition, its steps the way for true", () => {
    const skill = skillFromText(fields, `
- ask: { ok: "OK?" }
- when: ok
  steps:
    - say: "yes"
  else:
    - say: "no"
    - say: "really no"`);
    const step = skill.steps[1]!;
    expect(step.kind === "switch" && step.written).toBe("when");
    if (step.kind !== "switch") return;
    expect(step.branches.map((b) => [b.value ?? "else", b.steps.map((s) => s.id)])).toEqual([["true", ["2.1"]], ["else", ["2.2", "2.3"]]]);
  });

  it("refuses a switch with no cases, a case with no steps, a case written twice and an empty else", () => {
    const parse = (steps: string) => parseSkill(`---\nname: t\ndescription: t\n---\n## Steps\n\`\`\`yaml\n${steps.trim()}\n\`\`\`\n`, "t/SKILL.md").diagnostics.map((d) => d.reason);
    expect(parse("- switch: method")).toEqual([expect.stringContaining("has no `cases:`")]);
    expect(parse("- switch: method\n  cases: { card: [] }")).toEqual([expect.stringContaining("The case `card` has")]);
    expect(parse("- switch: method\n  cases:\n    card: [ { say: a } ]\n    card: [ { say: b } ]")).toEqual([expect.stringContaining("`card`")]);
    expect(parse("- switch: method\n  cases: { card: [ { say: a } ] }\n  else: []")).toEqual([expect.stringContaining("`else:` is")]);
    expect(parse("- say: hi\n  else: [ { say: a } ]")[0]).toContain("belongs on a `when` or `switch`");
  });
});

describe("switch: the possible values", () => {
  it("knows a choices field's, a yes/no's and an enum output's values, and not a text's or a computed one's", () => {
    const skill = skillFromText(fields, `- ask: { method: "How?" }`, tools);
    const values = (source: string) => possibleValues(skill, { source, pos: { line: 1, column: 1 } });
    expect(values("method")).toEqual(["card", "gift", "cash"]);
    expect(values("ok")).toEqual(["true", "false"]);
    expect(values("assess_risk.level")).toEqual(["low", "acceptable", "high"]);
    expect(values("note")).toBeUndefined();
    expect(values("method + 'x'")).toBeUndefined();
    expect(values("assess_risk.score")).toBeUndefined();
  });

  it("refuses a case that is not a possible value, with the nearest one", () => {
    const found = check(payment(`    card: [ { say: a } ]
    gfit: [ { say: b } ]
  else: [ { say: c } ]`));
    expect(found.map((d) => d.ruleId)).toEqual(["unknown-case"]);
    expect(found[0]!.fix).toContain("Did you mean `gift`?");
  });

  it("refuses cases that miss a value without else, and a switch on unknown values without else", () => {
    expect(rules(payment(`    card: [ { say: a } ]
    gift: [ { say: b } ]`))).toEqual(["8:3 switch-not-exhaustive"]);
    expect(check(payment(`    card: [ { say: a } ]
    gift: [ { say: b } ]`))[0]!.reason).toContain("no case for `cash`");
    expect(rules(`
- ask: { note: "Note?" }
- switch: note
  cases:
    urgent: [ { say: a } ]`)).toEqual(["8:3 switch-not-exhaustive"]);
    expect(rules(payment(`    card: [ { say: a } ]
    gift: [ { say: b } ]
    cash: [ { say: c } ]`))).toEqual([]);
    expect(rules(`
- ask: { note: "Note?" }
- switch: note
  cases:
    urgent: [ { say: a } ]
  else: [ { say: b } ]`)).toEqual([]);
  });

  it("switches on an enum output, read where the switch is", () => {
    expect(rules(payment(`    card: [ { say: a } ]
  else: [ { say: b } ]`, `
- switch: assess_risk.level
  cases:
    low: [ { say: "low" } ]
    acceptable: [ { say: "ok" } ]
    high: [ { say: "high" } ]`))).toEqual([]);
  });

  it("refuses a switch on a list or a record", () => {
    expect(rules(`
- switch: assess_risk
  cases:
    a: [ { say: a } ]
  else: [ { say: b } ]`)).toContain("7:11 ill-typed-condition");
  });
});

describe("switch: the ways as one choice", () => {
  it("knows after it what every way gives, and not what only some give", () => {
    const every = payment(`    card: [ { ask: { card: "Card?" } } ]
    gift: [ { ask: { card: "Gift card?" } } ]
    cash: [ { ask: { card: "Receipt name?" } }, { ask: { note: "Note?" } } ]`, `
- say: "{card}"`);
    expect(rules(every)).toEqual([]);
    expect(rules(`${every}\n- say: "{note}"`)).toEqual(["14:10 used-before-asked"]);
  });

  it("does not count one field asked in two ways as asked twice", () => {
    expect(rules(payment(`    card: [ { ask: { card: "Card?" } } ]
  else: [ { ask: { card: "Other?" } } ]`))).toEqual([]);
  });

  it("covers a write after it only when every way holds a confirm", () => {
    const confirmIn = (gift: string) => payment(`    card: [ { confirm: { pay: "Pay by card?" } } ]
    gift: [ ${gift} ]
  else: [ { confirm: { pay_cash: "Pay cash?" } } ]`, `
- do: charge`);
    expect(rules(confirmIn('{ confirm: { pay_gift: "Pay by gift card?" } }'))).toEqual([]);
    expect(rules(confirmIn('{ say: "No confirm here." }'))).toEqual(["13:3 ungated-write"]);
    expect(check(confirmIn('{ say: "No confirm here." }'))[0]!.reason).toContain('method == "gift"');
  });

  it("lets a `when … else` give a value on both ways", () => {
    const steps = `
- ask: { ok: "OK?" }
- when: ok
  steps: [ { ask: { card: "Card?" } } ]
  else: [ { ask: { card: "Other card?" } } ]
- say: "{card}"`;
    expect(rules(steps)).toEqual([]);
    expect(rules(steps.replace("- when: ok\n  steps: [ { ask: { card: \"Card?\" } } ]\n  else:", "- when: ok\n  steps:"))).toEqual(["10:10 used-before-asked"]);
  });
});

describe("switch: outcomes", () => {
  const ends = (name: string) => `{ end: ${name}, status: failed, tell: "Stopped." }`;

  it("finds a way through a case that reaches no end, and none when every way ends", () => {
    const steps = (gift: string) => payment(`    card: [ ${ends("no_card")} ]
    gift: [ ${gift} ]
    cash: [ ${ends("no_cash")} ]`, `
- end: paid
  status: success
  tell: "Paid."`);
    expect(rules(steps(ends("no_gift")))).toEqual(["13:3 step-after-end"]);
    expect(rules(steps('{ say: "Gift it is." }'))).toEqual([]);
    const open = payment(`    card: [ ${ends("no_card")} ]
    gift: [ { say: "Gift." } ]
    cash: [ ${ends("no_cash")} ]`);
    const found = check(open);
    expect(found.map((d) => d.ruleId)).toEqual(["way-without-outcome"]);
    expect(found[0]!.reason).toContain("`method` is `gift`");
  });

  it("reports an end inside two ways of switches on one value that rule each other out", () => {
    const nested = payment(`    card:
      - switch: method
        cases:
          gift: [ ${ends("never")} ]
        else: [ { say: "Card." } ]
  else: [ { say: "Other." } ]`);
    const found = check(nested).filter((d) => d.ruleId === "outcome-unreached");
    expect(found).toHaveLength(1);
    expect(found[0]!.reason).toContain("the case `gift` of `switch: method`");
    expect(check(nested.replace("gift: [", "card: [")).filter((d) => d.ruleId === "outcome-unreached")).toEqual([]);
  });

  it("reads the else of a when as the condition being false", () => {
    const steps = (inner: string) => `
- ask: { ok: "OK?" }
- when: ok
  steps: [ { say: "Fine." } ]
  else:
    - when: ${inner}
      steps: [ ${ends("never")} ]
- say: "Go on."`;
    const found = check(steps("ok")).filter((d) => d.ruleId === "outcome-unreached");
    expect(found.map((d) => d.reason)).toEqual([expect.stringContaining("the `else:` of `when: ok`")]);
    expect(check(steps('"!ok"')).filter((d) => d.ruleId === "outcome-unreached")).toEqual([]);
  });
});

describe("switch on a decide", () => {
  const decide = (by: string, cases: string) => `
- ask: { note: "What is it about?" }
- decide: { escalation: "What now for {note}?" }${by}
  options:
    send_back: "Send it back"
    stop: "Stop"
- switch: escalation
  cases:
${cases}`;

  it("knows the decide's options, and `no` when a role decides", () => {
    const byLead = rules(decide("\n  by: lead", `    send_back:\n      - say: "back"\n    stop:\n      - say: "stop"\n    later:\n      - say: "later"`));
    expect(byLead.filter((r) => r.endsWith("switch-not-exhaustive")).length).toBe(1);
    expect(byLead.filter((r) => r.endsWith("unknown-case")).length).toBe(1);
    expect(check(decide("\n  by: lead", `    send_back:\n      - say: "back"\n    stop:\n      - say: "stop"`)).find((d) => d.ruleId === "switch-not-exhaustive")?.reason).toContain("`no`");
  });

  it("needs no `no` case when the person decides", () => {
    expect(rules(decide("", `    send_back:\n      - say: "back"\n    stop:\n      - say: "stop"`))).toEqual([]);
  });
});
