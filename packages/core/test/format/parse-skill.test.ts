import { describe, expect, it } from "vitest";
import { parseSkill } from "../../src/format/parse-skill.js";
import type { AskStep, ConfirmStep, Expr, RepeatStep, SayStep, WhenStep } from "../../src/format/ir.js";
import { at, FIELDS_LINE, skillText, STEPS_LINE } from "./skill-text.js";

const parse = (text: string) => parseSkill(text, "s/SKILL.md");

describe("parseSkill: every form of the format loads", () => {
  const fields = [
    "cabin: { choices: [economy, premium], synonyms: { economy: [coach, standard] }, message: Pick one., description: The cabin }",
    'email: { pattern: "^[^@\\\\s]+@[^@\\\\s]+$" }',
    "nights: { number: { min: 1, max: 14 } }",
    "amount: { decimal: { min: 0, max: 500, places: 2 } }",
    "conference: { lookup: find_conference }",
    "note: { text: true }",
    "day: { date: true }",
    "ok: { yes_no: true }",
    "code: { pattern: \"^[0-9]{6}$\", secret: true }",
  ].join("\n") + "\n";
  const steps = [
    '- say: "Hi {{there}}."',
    '- ask: { conference: "Which conference?" }',
    "- ask: { flight_id: \"Which flight?\" }",
    "  from: search_flights.flights",
    "  widget: flight_grid",
    "  check:",
    '    check_arrival.ok: "Too late."',
    "- do: quote_trip",
    "- when: quote_trip.total > 100",
    "  steps:",
    '    - ask: { code: "Code?" }',
    "- repeat: { for: item, in: order.items }",
    "  steps:",
    '    - chat: "Answer questions about {item.name}."',
    '- confirm: { pay: "Pay {quote_trip.total} EUR?" }',
    "  by: manager",
    "  widget: trip_checkout",
  ].join("\n") + "\n";
  const text = skillText(steps, fields);
  const result = parse(text);
  const skill = result.skill!;
  const pos = (p: { line: number; column: number }) => `${p.line}:${p.column}`;

  it("reports nothing", () => expect(result.diagnostics).toEqual([]));

  it("reads the frontmatter, title and prose", () => {
    expect([skill.name, skill.description, skill.title]).toEqual(["t", "A test skill.", "Test"]);
    expect(skill.prose).toBe("");
    expect(skill.tools).toEqual({});
  });

  it("reads every shape and flag", () => {
    expect(skill.fields.cabin).toMatchObject({
      shape: { kind: "choices", choices: ["economy", "premium"] }, synonyms: { economy: ["coach", "standard"] },
      message: "Pick one.", description: "The cabin", declared: true, secret: false, pos: { line: FIELDS_LINE, column: 1 },
    });
    expect(skill.fields.email.shape).toEqual({ kind: "pattern", pattern: "^[^@\\s]+@[^@\\s]+$" });
    expect(skill.fields.nights.shape).toEqual({ kind: "number", min: 1, max: 14 });
    expect(skill.fields.amount.shape).toEqual({ kind: "decimal", min: 0, max: 500, places: 2 });
    expect(skill.fields.conference.shape).toMatchObject({ kind: "lookup", tool: "find_conference", toolPos: { line: FIELDS_LINE + 4, column: 23 } });
    expect(["note", "day", "ok"].map((f) => skill.fields[f].shape.kind)).toEqual(["text", "date", "yes_no"]);
    expect(skill.fields.code.secret).toBe(true);
  });

  it("adds an undeclared pick field for an ask with from:", () => {
    expect(skill.fields.flight_id).toMatchObject({ declared: false, shape: { kind: "pick", from: { source: "search_flights.flights" } } });
  });

  it("reads every step kind with its extra keys and ids", () => {
    const kinds = skill.steps.map((s) => `${s.id}:${s.kind}`);
    expect(kinds).toEqual(["1:say", "2:ask", "3:ask", "4:do", "5:when", "6:repeat", "7:confirm"]);
    const pick = skill.steps[2] as AskStep;
    expect(pick).toMatchObject({ field: "flight_id", widget: "flight_grid", from: { source: "search_flights.flights" } });
    expect(pick.checks).toEqual([{ condition: expect.objectContaining({ source: "check_arrival.ok" }), message: "Too late.", text: expect.objectContaining({ source: "Too late.", parts: ["Too late."] }) }]);
    const when = skill.steps[4] as WhenStep;
    expect(when.condition.source).toBe("quote_trip.total > 100");
    expect(when.steps.map((s) => s.id)).toEqual(["5.1"]);
    const repeat = skill.steps[5] as RepeatStep;
    expect([repeat.item, repeat.list.source, repeat.steps[0].id, repeat.steps[0].kind]).toEqual(["item", "order.items", "6.1", "chat"]);
    expect(skill.steps[6]).toMatchObject({ kind: "confirm", confirm: "pay", by: "manager", widget: "trip_checkout" });
  });

  it("keeps `{{` and `}}` as literal braces", () => {
    expect((skill.steps[0] as SayStep).text.parts).toEqual(["Hi {there}."]);
  });

  it("locates steps, keys and holes in the file", () => {
    expect(pos(skill.steps[1].pos)).toBe(at(text, 'ask: { conference'));
    expect(pos(skill.steps[2].keys.widget)).toBe(at(text, "widget: flight_grid"));
    const hole = (skill.steps[6] as ConfirmStep).question.parts[1] as Expr;
    expect(hole.source).toBe("quote_trip.total");
    expect(pos(hole.pos)).toBe(at(text, "{quote_trip.total}", 1));
    expect(`${hole.pos.endLine}:${hole.pos.endColumn}`).toBe(at(text, "} EUR?"));
    expect(pos((skill.steps[4] as WhenStep).condition.pos)).toBe(at(text, "quote_trip.total > 100"));
    expect(pos((skill.steps[5] as RepeatStep).list.pos)).toBe(at(text, "order.items"));
  });
});

describe("parseSkill: positions", () => {
  it("counts lines the same with CRLF line endings and a byte-order mark", () => {
    const text = skillText('- say: "a"\n- say: "x {y} z"\n');
    const crlf = parse(`\uFEFF${text.replace(/\n/g, "\r\n")}`).skill!;
    expect(crlf.steps[1].pos).toEqual(parse(text).skill!.steps[1].pos);
    expect(((crlf.steps[1] as SayStep).text.parts[1] as Expr).pos).toMatchObject({ line: STEPS_LINE + 1, column: 12 });
  });

  it("restores the columns Markdown strips from an indented fence", () => {
    const text = "---\nname: t\ndescription: d\n---\n\n## Steps\n\n  ```yaml\n  - say: hi\n  -  say: there\n  ```\n";
    const skill = parse(text).skill!;
    expect(skill.steps.map((s) => s.pos)).toEqual([{ line: 9, column: 5 }, { line: 10, column: 6 }]);
  });

  it("locates holes in plain, single-quoted and block text", () => {
    const steps = "- say: plain {a}\n- say: 'single {b}'\n- say: |\n    block\n    text {c}\n";
    const holes = parse(skillText(steps)).skill!.steps.map((s) => ((s as SayStep).text.parts[1] as Expr).pos);
    expect(holes.map((p) => [p.line, p.column])).toEqual([[STEPS_LINE, 15], [STEPS_LINE + 1, 17], [STEPS_LINE + 4, 11]]);
  });

  it("parses nested braces and quotes inside a hole", () => {
    const say = parse(skillText("- say: \"Total {{'a': 1}['a']} and {x == '}' ? 1 : 2}\"\n")).skill!.steps[0] as SayStep;
    expect(say.text.parts.filter((p) => typeof p !== "string").map((p) => (p as Expr).source)).toEqual(["x == '}' ? 1 : 2"]);
  });
});

describe("parseSkill: structural diagnostics", () => {
  const rules = (text: string) => parse(text).diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`);

  it("reports every problem in one pass and keeps the good steps", () => {
    const steps = '- comfirm: { pay: "Pay?" }\n- say: "ok"\n  widget: grid\n- ask: nights\n- do: quote\n  by: boss\n';
    const result = parse(skillText(steps));
    expect(rules(skillText(steps))).toEqual([
      `${STEPS_LINE}:3 unknown-step-key`, `${STEPS_LINE + 2}:3 widget-not-allowed`, `${STEPS_LINE + 3}:8 invalid-step`, `${STEPS_LINE + 5}:3 by-outside-confirm`,
    ]);
    expect(result.diagnostics[0].fix).toBe("Did you mean `confirm`?");
    // `comfirm` is read as the confirm it is closest to; `ask: nights` cannot be read and is left out.
    expect(result.skill!.steps.map((s) => `${s.id} ${s.kind}`)).toEqual(["1 confirm", "2 say", "4 do"]);
    expect(result.complete).toBe(false);
  });

  it("reads a misspelt kind or shape as the one it is closest to, and says nothing was left out", () => {
    const text = skillText('- aks: { day: "Which day?" }\n- sya: "See you on {day}."\n', "day: { dat: true }\n");
    const result = parse(text);
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.fix}`)).toEqual([
      "unknown-field-key Did you mean `date`?", "unknown-step-key Did you mean `ask`?", "unknown-step-key Did you mean `say`?",
    ]);
    expect(result.skill!.fields.day!.shape).toEqual({ kind: "date" });
    expect(result.skill!.steps.map((s) => s.kind)).toEqual(["ask", "say"]);
    expect(result.complete).toBe(true);
  });

  it("does not guess between two misspelt kinds or shapes", () => {
    const result = parse(skillText('- aks: { day: "Which day?" }\n  sya: "Hi"\n', "day: { dat: true, txt: true }\n"));
    expect(result.skill!.fields).toEqual({});
    expect(result.skill!.steps).toEqual([]);
    expect(result.complete).toBe(false);
  });

  it("gives every diagnostic a reason and a fix", () => {
    const text = skillText("- say: [a]\n- when: x\n- repeat: { for: 1 }\n  steps: []\n", "a: { number: { min: x } }\nb: { text: true, choices: [a] }\nc: 3\n");
    for (const d of parse(text).diagnostics) {
      expect(d.reason).toMatch(/\.$/);
      expect(d.fix).toMatch(/[.?]$/);
      expect(d.line).toBeGreaterThanOrEqual(FIELDS_LINE);
    }
  });

  it("reports YAML syntax errors at their line in the file", () => {
    const [d] = parse(skillText('- say: "a"\n- say: "b\n- say: c\n')).diagnostics;
    expect([d.line, d.column, d.ruleId, d.reason]).toEqual([STEPS_LINE + 1, 8, "yaml-syntax", "The Steps block is not valid YAML: Missing closing \"quote."]);
  });

  it("says a key indented deeper than the key above it is that, at the deeper line, with the column it belongs at (not yaml's compact mappings)", () => {
    const text = skillText('- ask: { nights: "How many?" }\n', "nights:\n  number: true\n    description: nights at the hotel\n");
    const [d, ...rest] = parse(text).diagnostics;
    expect(rest).toEqual([]);
    expect([d!.line, d!.column, d!.ruleId]).toEqual([FIELDS_LINE + 2, 5, "yaml-syntax"]);
    expect(d!.reason).toBe(`The Fields block is not valid YAML: \`description:\` is indented deeper than \`number:\` on line ${FIELDS_LINE + 1}, so it reads as part of that key's value.`);
    expect(d!.fix).toBe("Start `description:` at column 3, like `number:`, or move it under a key that ends with `:` and nothing after it.");
  });

  it("says a second `: ` in a value is read as a key, naming the key whose value to quote", () => {
    const [d] = parse(skillText("- say: Note: we fly at dawn.\n")).diagnostics;
    expect([d!.line, d!.ruleId]).toEqual([STEPS_LINE, "yaml-syntax"]);
    expect(d!.reason).toBe("The Steps block is not valid YAML: the value of `say:` holds `: `, which YAML reads as a second key on the same line.");
    expect(d!.fix).toBe('Quote the value of `say:` (`say: "…"`), or put the second key on a line of its own.');
    expect(`${d!.reason} ${d!.fix}`).not.toContain("compact");
  });

  it("reports a field shape problem, a duplicate field, and a template hole left open", () => {
    const text = skillText('- say: "Hello {name"\n', "n: { number: { mni: 1 } }\nn: { text: true }\nm: { colour: red }\n");
    expect(rules(text)).toEqual([
      `${at(text, "mni")} unknown-shape-key`, `${at(text, "n: { text")} duplicate-field`, `${at(text, "colour")} unknown-field-key`, `${at(text, "{name")} expression-syntax`,
    ]);
  });

  it("reports a missing frontmatter and a missing Steps block, and returns no skill for an empty file", () => {
    expect(rules("# Just a title\n")).toEqual(["1:1 frontmatter-invalid", "1:1 missing-steps"]);
    expect(parse("  \n\n").skill).toBeUndefined();
    expect(rules("a\u0000b")).toEqual(["1:2 binary-file"]);
  });

  it("reports a second Steps block and an unlabeled fence", () => {
    const text = "---\nname: t\ndescription: d\n---\n\n## Steps\n\n```\n- say: hi\n```\n";
    expect(rules(text).sort()).toEqual(["1:1 missing-steps", "8:1 invalid-block"]);
    const two = skillText("- say: a\n") + "\n```yaml\n- say: b\n```\n";
    expect(rules(two)).toEqual([`${STEPS_LINE + 3}:1 invalid-block`]);
  });
});

describe("parseSkill: expressions over several lines", () => {
  it("keeps the line breaks of a plain multi-line condition, so offsets map to lines", () => {
    const text = skillText("- when: a > 1 &&\n    b < 2\n  steps:\n    - say: hi\n");
    const when = parse(text).skill!.steps[0] as WhenStep;
    expect(when.condition.source).toBe("a > 1 &&\n    b < 2");
    expect(`${when.condition.pos.line}:${when.condition.pos.column}`).toBe(at(text, "a > 1"));
    expect(`${when.condition.pos.endLine}:${when.condition.pos.endColumn}`).toBe(at(text, "b < 2", 5));
  });
});
