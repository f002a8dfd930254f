/**
 * One source of truth: the JSON Schema of the Fields and Steps blocks (generated from
 * packages/core/src/format/definitions.ts) and the parser (which reads the same definitions) accept
 * and reject the same blocks. Property-style: blocks are built from the definitions' own keys, with
 * values from a pool of right and wrong forms, plus unknown and misplaced keys; the parser's verdict
 * (any diagnostic of the rules the schema covers) must equal the schema's. The golden fixtures of the
 * unknown-key rules are rejected by the schema at the very steps and fields the parser names, and the
 * example skills are accepted. The shipped file must equal the generator's output
 * (`UPDATE=1 npx vitest run test/skill-schema.test.ts` rewrites it).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { parseSkill, skillBlocksSchema } from "@skillflow/core";
import { FIELD_FLAGS, SHAPES, STEP_EXTRAS, STEP_KINDS, type KeyDef, type ValueForm } from "../packages/core/src/format/definitions.js";
import { findBlocks } from "../packages/core/src/format/find-blocks.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const schemaFile = join(root, "packages/core/schema/skill-blocks.schema.json");
const schema = skillBlocksSchema();

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, formats: { regex: (s: string) => isRegex(s) } });
ajv.addSchema(schema, "skill");
const validFields = ajv.getSchema("skill#/$defs/fields")!;
const validSteps = ajv.getSchema("skill#/$defs/steps")!;
const validStep = ajv.getSchema("skill#/$defs/step")!;
const validField = ajv.getSchema("skill#/$defs/field")!;

/** The rules about the blocks' keys and value forms: what the schema stands for. */
const SCHEMA_RULES = new Set([
  "invalid-block", "invalid-step", "invalid-field", "unknown-step-key", "unknown-field-key", "unknown-shape-key",
  "by-outside-confirm", "widget-not-allowed", "missing-steps",
]);

function isRegex(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the parser checks beyond JSON Schema, each with the words of its `$comment` in the schema and
 * of its diagnostic: such a diagnostic alone does not count as a rejection the schema should share.
 */
const BEYOND_SCHEMA = [
  { comment: "`min` is not above `max`", reason: /has `min` \S+ above `max`/ },
  { comment: "each key is one of the field's choices", reason: /names `[^`]*`, which is not one of its choices/ },
  // Only for words written differently with one JSON value (`1`, `"1"`): `[a, a]` the schema refuses too.
  { comment: "compared as written", reason: /lists `[^`]*` twice/, sameInJson: true },
  { comment: "the ask has `from:`", reason: /is on an ask without `from:`/ },
  { comment: "no key is `no` when the decide has `by:`", reason: /`no` is an option of a decide/ },
  { comment: "the decision's id is not a field declared in Fields", reason: /is a field of the skill and the id of this `decide`/ },
  { comment: "two decides of one id have the same option keys and role", reason: /has other options or another role/ },
];

/** A SKILL.md around the two blocks; the rules of what the parser says about them, beyond-schema ones left out. */
function parserRules(fields: string, steps: string): string[] {
  const text = `---\nname: t\ndescription: t\n---\n\n## Fields\n\n\`\`\`yaml\n${fields}\n\`\`\`\n\n## Steps\n\n\`\`\`yaml\n${steps}\n\`\`\`\n`;
  const diagnostics = parseSkill(text, "SKILL.md").diagnostics;
  return diagnostics.filter((d) => !BEYOND_SCHEMA.some((gap) => !("sameInJson" in gap) && gap.reason.test(d.reason))).map((d) => d.ruleId);
}

/** Values written as YAML on one line: right and wrong forms for every key. */
const VALUES = [
  "", "hello", '"Pay now?"', '""', '"  "', "42", "1.5", "-3", "0", "true", "false", "null",
  "quote_trip", "quote_trip.total > 3", "search_flights.flights", "flight-grid", '" grid "', "9lives", '"__proto__"',
  "[a, b]", "[a, a]", "[]", "[a, [b]]", "[a, null]", "[1, 2]",
  "{}", '{ nights: "How many nights?" }', '{ nights: "" }', '{ a: "x", b: "y" }', '{ 1x: "q" }',
  "{ min: 1, max: 3 }", "{ min: 1.5 }", "{ places: 2 }", "{ places: -1 }", "{ mni: 1 }", "{ min: a }",
  "{ for: item, in: order.items }", "{ for: 1, in: x }", "{ in: x }", "{ for: item, in: x, by: y }",
  '{ check_arrival.ok: "Too late." }', '{ check_arrival.ok: "" }', "{ economy: [coach] }", "{ economy: coach }", "{ economy: [[x]] }",
  '"^[A-Z]+$"', '"("', "[ { say: hi } ]", "[ { sya: hi } ]", "[ say ]", '[ { when: x, steps: [ { say: "ok" } ] } ]',
  "{ a: [] }", "{ a: hi }",
];

/** Values of the right form for each form of the definitions, so that most blocks come close to valid. */
function rightValues(form: ValueForm): string[] {
  if (typeof form === "object") {
    if ("oneOf" in form) return [...form.oneOf];
    return "range" in form ? ["true", "", "{ min: 1, max: 3 }", "{ max: 2 }", "{ places: 2 }"] : ["{ for: item, in: order.items }"];
  }
  const right: Record<string, string[]> = {
    text: ["hello", '"Pay now?"', "42"], expression: ["quote_trip.total > 3", "search_flights.flights"], template: ['"Pay {x}?"'.replace("{x}", "now"), "7"],
    scalar: ['""', "hello", "42"], name: ["quote_trip"], widget: ["flight-grid", '" grid "'], true: ["true", ""], boolean: ["true", "false"],
    regex: ['"^[A-Z]+$"'], words: ["[a, b]", "[1, 2]"], question: ['{ nights: "How many nights?" }'], checks: ['{ check_arrival.ok: "Too late." }'],
    steps: ["[ { say: hi } ]"], cases: ["{ a: [ { say: hi } ] }", "{ gift_card: [ { say: hi } ], 2: [ { say: ok } ] }"], synonyms: ["{ economy: [coach] }", "{ economy: coach }"], columns: ["[name, stars]", '{ name: Hotel, nightly_rate: "Per night" }'],
    bindings: ["{ zip: new_zip }", '{ total: "quote_trip.total * 2", zip: new_zip }'],
    options: ['{ send_back: "Send it back", stop: Stop }', "{ no: Decline }"],
  };
  return right[form];
}

const ALL_KEYS: Record<string, KeyDef> = { ...STEP_KINDS, ...STEP_EXTRAS, ...SHAPES, ...FIELD_FLAGS };

/** A value for `key`: mostly of its right form, sometimes anything from the pool. */
const valueFor = (key: string) => {
  const def = Object.hasOwn(ALL_KEYS, key) ? ALL_KEYS[key] : undefined;
  if (!def) return fc.constantFrom(...VALUES);
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...rightValues(def.form)) }, { weight: 1, arbitrary: fc.constantFrom(...VALUES) });
};

/** Distinct keys, each with a value: mostly `likely` ones (the kind's extras, the flags), some others. */
const entries = (likely: readonly string[], others: readonly string[]) =>
  fc.uniqueArray(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...likely) }, { weight: 1, arbitrary: fc.constantFrom(...others) }), { maxLength: 3 })
    .chain((keys) => fc.tuple(...keys.map((k) => valueFor(k).map((v) => [k, v] as const))));

const STEP_OTHERS = [...Object.keys(STEP_KINDS), ...Object.keys(STEP_EXTRAS), "wigdet", "for", "in", "min"];
const step = fc.constantFrom(...(Object.keys(STEP_KINDS) as Array<keyof typeof STEP_KINDS>)).chain((kind) =>
  fc.tuple(valueFor(kind), entries([...STEP_KINDS[kind].extras, "steps"], STEP_OTHERS)).map(([v, rest]) => {
    const pairs = [[kind, v], ...rest.filter(([k]) => k !== kind)];
    return pairs.map(([k, val], i) => `${i === 0 ? "- " : "  "}${k}: ${val}`.trimEnd()).join("\n");
  }));

const FIELD_OTHERS = [...Object.keys(SHAPES), "choises", "min", "steps"];
const field = fc.tuple(fc.constantFrom("a", "b", "c"), fc.constantFrom(...Object.keys(SHAPES))).chain(([name, shape]) =>
  fc.tuple(valueFor(shape), entries(Object.keys(FIELD_FLAGS), FIELD_OTHERS)).map(([v, rest]) => {
    const pairs = [[shape, v], ...rest.filter(([k]) => k !== shape)];
    return `${name}:\n${pairs.map(([k, val]) => `  ${k}: ${val}`.trimEnd()).join("\n")}`;
  }));

function agree(fieldsYaml: string, stepsYaml: string): { parser: string[]; schema: boolean } {
  const parser = parserRules(fieldsYaml, stepsYaml);
  const schemaOk = validFields(parseYaml(fieldsYaml, { uniqueKeys: false })) && validSteps(parseYaml(stepsYaml));
  return { parser, schema: schemaOk };
}

/** Check the parser and the schema agree on every generated pair of blocks; how many were accepted. */
function runAgreement(blocks: fc.Arbitrary<string[]>): number {
  let accepted = 0;
  fc.assert(fc.property(blocks, ([fields, steps]) => {
    const { parser, schema: ok } = agree(fields, steps);
    expect(parser.filter((id) => !SCHEMA_RULES.has(id))).toEqual([]);
    expect({ fields, steps, accepted: ok }).toEqual({ fields, steps, accepted: parser.length === 0 });
    if (ok) accepted++;
  }), { numRuns: 1500, seed: 15 });
  return accepted;
}

describe("the JSON Schema of the blocks", () => {
  it("is the file shipped in @skillflow/core (packages/core/schema)", () => {
    const text = `${JSON.stringify(schema, null, 2)}\n`;
    if (process.env.UPDATE === "1") writeFileSync(schemaFile, text);
    expect(readFileSync(schemaFile, "utf8")).toBe(text);
    const pkg = JSON.parse(readFileSync(join(root, "packages/core/package.json"), "utf8"));
    expect(pkg.exports["./schema"]).toBe("./schema/skill-blocks.schema.json");
  });

  it("accepts and rejects the same steps as the parser", () => {
    const accepted = runAgreement(fc.array(step, { minLength: 1, maxLength: 3 }).map((steps) => ["a: { text: true }", steps.join("\n")]));
    expect(accepted).toBeGreaterThan(150); // both verdicts are well represented in the 1,500 runs
    expect(accepted).toBeLessThan(1350);
  });

  it("accepts and rejects the same fields as the parser", () => {
    const fields = fc.uniqueArray(field, { selector: (f) => f[0], minLength: 1, maxLength: 3 });
    const accepted = runAgreement(fields.map((list) => [list.join("\n"), '- say: "hi"']));
    expect(accepted).toBeGreaterThan(150);
    expect(accepted).toBeLessThan(1350);
  });

  it("agrees on every kind with every value of the pool, alone", () => {
    for (const kind of Object.keys(STEP_KINDS)) {
      for (const v of VALUES) {
        const extra = STEP_KINDS[kind as keyof typeof STEP_KINDS].extras.includes("steps" as never) ? '\n  steps: [ { say: "x" } ]' : "";
        const steps = `- ${kind}: ${v}`.trimEnd() + extra;
        const { parser, schema: ok } = agree("", steps);
        expect({ steps, accepted: ok }).toEqual({ steps, accepted: parser.length === 0 });
      }
    }
    for (const shape of Object.keys(SHAPES)) {
      for (const v of VALUES) {
        const fields = `a:\n  ${shape}: ${v}`.trimEnd();
        const { parser, schema: ok } = agree(fields, '- say: "hi"');
        expect({ fields, accepted: ok }).toEqual({ fields, accepted: parser.length === 0 });
      }
    }
  });

  it("blocks that are not a list or a mapping, or missing, are refused by both", () => {
    for (const [fields, steps] of [["[a]", '- say: "x"'], ["", "say: x"], ["", ""], ['"x"', '- say: "x"'], ["", "[]"]]) {
      const { parser, schema: ok } = agree(fields, steps);
      expect({ fields, steps, accepted: ok }).toEqual({ fields, steps, accepted: parser.length === 0 });
    }
  });

  it("leaves to the parser only what its $comments name", () => {
    const gaps = ["a: { number: { min: 5, max: 1 } }", "a: { choices: [economy, premium], synonyms: { first: [f] } }", 'a: { choices: [1, "1"] }'];
    const text = JSON.stringify(schema);
    gaps.forEach((fields, i) => {
      const wrapped = `---\nname: t\ndescription: t\n---\n## Fields\n\`\`\`yaml\n${fields}\n\`\`\`\n## Steps\n\`\`\`yaml\n- say: hi\n\`\`\`\n`;
      const reasons = parseSkill(wrapped, "SKILL.md").diagnostics.map((d) => d.reason);
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toMatch(BEYOND_SCHEMA[i].reason);
      expect(validFields(parseYaml(fields))).toBe(true);
      expect(text).toContain(BEYOND_SCHEMA[i].comment);
    });
  });
});

describe("golden fixtures and example skills", () => {
  /** The blocks of a SKILL.md as data, each item with the file lines it spans. */
  function blocksOf(file: string) {
    const text = readFileSync(join(root, file), "utf8");
    const found = findBlocks(text, () => undefined);
    return { found, diagnostics: parseSkill(text, file).diagnostics };
  }

  for (const rule of ["unknown-step-key", "unknown-field-key", "unknown-shape-key", "invalid-step", "by-outside-confirm", "widget-not-allowed"]) {
    it(`${rule}: the schema rejects exactly the items the parser reports`, () => {
      const { found, diagnostics } = blocksOf(`test/fixtures/checks/${rule}/SKILL.md`);
      const reported = new Set(diagnostics.map((d) => d.line));
      const steps = itemLines(found.steps!, "seq");
      const fields = itemLines(found.fields, "map");
      const parserBad = [...steps, ...fields].filter((item) => item.lines.some((line) => reported.has(line))).map((i) => i.label);
      const schemaBad = [
        ...steps.filter((item) => !validStep(item.value)).map((i) => i.label),
        ...fields.filter((item) => !validField(item.value)).map((i) => i.label),
      ];
      expect(parserBad.length).toBeGreaterThan(0);
      expect(schemaBad).toEqual(parserBad);
    });
  }

  for (const skill of ["conference-trip", "order-refund", "account-change", "conference-trip/over-mcp/conference-trip"]) {
    it(`skills/${skill} fits the schema`, () => {
      const { found, diagnostics } = blocksOf(`skills/${skill}/SKILL.md`);
      expect(diagnostics).toEqual([]);
      expect(validFields(parseYaml(found.fields?.text ?? ""))).toBe(true);
      expect(validSteps(parseYaml(found.steps!.text))).toBe(true);
    });
  }
});

/** The top-level items of a block (steps, or fields) with the file lines each one spans. */
function itemLines(block: { text: string; line: number } | undefined, kind: "seq" | "map") {
  if (!block) return [];
  const data = parseYaml(block.text, { uniqueKeys: false });
  const lines = block.text.split("\n");
  const starts = lines.map((line, i) => ({ line, i })).filter(({ line }) => (kind === "seq" ? /^- /.test(line) : /^[^\s#]/.test(line))).map(({ i }) => i);
  const items = kind === "seq" ? (data as unknown[]) : Object.values(data as Record<string, unknown>);
  return starts.map((start, n) => {
    const end = n + 1 < starts.length ? starts[n + 1] : lines.length;
    return { label: `${kind === "seq" ? "step" : "field"} ${n + 1}`, value: items[n], lines: Array.from({ length: end - start }, (_, k) => block.line + start + k) };
  });
}
