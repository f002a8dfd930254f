/**
 * Parts (`use:`, docs/skill-format.md#parts-steps-several-skills-share): a skill that uses a part is the
 * skill with the part's fields and steps written in — the same steps, ids, checks and procedure — every
 * diagnostic on a part's line is reported in the part's file, and a host that loads several skills with
 * one reader reads a part they share once. The rules of parts themselves (part-not-found, part-cycle,
 * part-field-clash, part-write-outside) have their golden fixtures in test/fixtures/checks/.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseSkill, renderProcedure, type PartReader, type Skill, type Step } from "@skillflow/core";
import { loadSkill, loadSkillText, partFiles } from "@skillflow/core/loader";
import { completeAt } from "@skillflow/core/edit";
import { cli } from "@skillflow/cli";
import { memoryIo } from "../packages/cli/test/memory-io.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const retail = join(root, "skills/retail");
const signIn = join(retail, "parts/sign-in.md");
const usingSignIn = readdirSync(retail).filter((d) => existsSync(join(retail, d, "SKILL.md")) && readFileSync(join(retail, d, "SKILL.md"), "utf8").includes("- use: ../parts/sign-in.md"));

/** The YAML of a Markdown file's `## Fields` or `## Steps` block. */
const block = (text: string, name: string) => new RegExp(`## ${name}\\n\\n\`\`\`yaml\\n([\\s\\S]*?)\`\`\``).exec(text)?.[1] ?? "";

/** The skill's text with the sign-in part written into it: the copy the part replaced. */
function inlined(text: string): string {
  const part = readFileSync(signIn, "utf8");
  const withSteps = text.replace("- use: ../parts/sign-in.md\n", block(part, "Steps"));
  return withSteps.includes("## Fields")
    ? withSteps.replace(/## Fields\n+```yaml\n/, (open) => open + block(part, "Fields"))
    : withSteps.replace("## Steps\n", "## Fields\n\n```yaml\n" + block(part, "Fields") + "```\n\n## Steps\n");
}

/** Steps without their positions: what runs. */
const shapeOf = (steps: readonly Step[] | Skill["fields"]): unknown => JSON.parse(JSON.stringify(steps, (key, value) => (key === "pos" || key === "keys" || key.endsWith("Pos") ? undefined : value)));
const fieldsOf = (skill: Skill) => shapeOf(skill.fields);

/** A reader over files in memory (paths are taken as written). */
const memory = (files: Record<string, string>): PartReader => (ref) => ({ file: ref, ...(files[ref] !== undefined && { text: files[ref] }) });

const md = (fields: string, steps: string) => `---\nname: t\ndescription: t.\n---\n\n## Fields\n\n\`\`\`yaml\n${fields}\`\`\`\n\n## Steps\n\n\`\`\`yaml\n${steps}\`\`\`\n`;

describe("the retail skills sign in through one part", () => {
  it("nine skills use skills/retail/parts/sign-in.md", () => {
    expect(usingSignIn.length).toBe(9);
  });

  for (const name of usingSignIn) {
    it(`${name} is the skill with the sign-in written in: same fields, steps, ids and procedure`, async () => {
      const file = join(retail, name, "SKILL.md");
      const text = readFileSync(file, "utf8");
      const [composed, copied] = [await loadSkill(file), await loadSkillText(file, inlined(text))];
      expect(composed.diagnostics).toEqual([]);
      expect(copied.diagnostics).toEqual([]);
      expect(composed.skill!.parts).toEqual([signIn]);
      expect(shapeOf(composed.skill!.steps)).toEqual(shapeOf(copied.skill!.steps));
      expect(fieldsOf(composed.skill!)).toEqual(fieldsOf(copied.skill!));
      expect(Object.keys(composed.skill!.fields)).toEqual(Object.keys(copied.skill!.fields)); // the order prompts list them in
      expect(renderProcedure(composed.skill!)).toBe(renderProcedure(copied.skill!));
      expect(composed.skill!.fields.email!.pos.file).toBe(signIn);
      expect(composed.skill!.steps[0]!.pos.file).toBe(signIn);
    });
  }
});

describe("use: inside a when, and parts of parts", () => {
  it("numbers a part's steps as if written where the use: is, at any depth", () => {
    const part = "## Fields\n\n```yaml\nb: { text: true }\n```\n\n## Steps\n\n```yaml\n- ask: { b: \"B?\" }\n- use: inner.md\n```\n";
    const inner = "## Steps\n\n```yaml\n- when: b == \"y\"\n  steps:\n    - say: \"Inner.\"\n- say: \"Done inside.\"\n```\n";
    const skill = parseSkill(md("a: { text: true }\n", '- ask: { a: "A?" }\n- when: a == "x"\n  steps:\n    - use: part.md\n    - say: "After."\n- say: "End."\n'), "t/SKILL.md", { parts: memory({ "part.md": part, "inner.md": inner }) });
    const copy = parseSkill(md("a: { text: true }\nb: { text: true }\n", '- ask: { a: "A?" }\n- when: a == "x"\n  steps:\n    - ask: { b: "B?" }\n    - when: b == "y"\n      steps:\n        - say: "Inner."\n    - say: "Done inside."\n    - say: "After."\n- say: "End."\n'), "t/SKILL.md");
    expect(skill.diagnostics).toEqual([]);
    expect(shapeOf(skill.skill!.steps)).toEqual(shapeOf(copy.skill!.steps));
    expect(skill.skill!.parts).toEqual(["part.md", "inner.md"]);
  });

  it("without a reader, a use: is part-not-found on its line and the rest is not checked", () => {
    const parsed = parseSkill(md("a: { text: true }\n", '- ask: { a: "A?" }\n- use: part.md\n'), "t/SKILL.md");
    expect(parsed.complete).toBe(false);
    expect(parsed.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`)).toEqual(["t/SKILL.md:16:8 part-not-found"]);
  });

  it("a part's Values block is reported where it is, not read: values belong to the skill", () => {
    const part = "## Steps\n\n```yaml\n- say: \"Hi.\"\n```\n\n## Values\n\n```yaml\ntwice: \"1 + 1\"\n```\n";
    const parsed = parseSkill(md("", '- use: part.md\n'), "t/SKILL.md", { parts: memory({ "part.md": part }) });
    expect(parsed.diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual(["part.md:9 invalid-block"]);
    expect(parsed.skill!.values).toBeUndefined();
  });

  it("a use: with another key reports the key and still splices the part", () => {
    const parsed = parseSkill(md("", '- use: part.md\n  widget: grid\n'), "t/SKILL.md", { parts: memory({ "part.md": "## Steps\n\n```yaml\n- say: \"Hi.\"\n```\n" }) });
    expect(parsed.diagnostics.map((d) => `${d.line} ${d.ruleId}`)).toEqual(["15 invalid-step"]);
    expect(parsed.skill!.steps.map((s) => s.kind)).toEqual(["say"]);
  });
});

describe("the editor below a use: line", () => {
  it("finds the step at the cursor by its place as written: a repeat's loop variable is offered in its body", () => {
    const text = md("n: { number: {} }\n", '- use: part.md\n- ask: { n: "How many?" }\n- repeat: { for: item, in: "[1, 2, 3]" }\n  steps:\n    - say: "Item {it}"\n');
    const { skill } = parseSkill(text, "t/SKILL.md", { parts: memory({ "part.md": "## Steps\n\n```yaml\n- say: \"Hi.\"\n- say: \"There.\"\n```\n" }) });
    expect(skill!.writtenIds).toEqual({ "2": "3", "3": "4", "3.1": "4.1" });
    const line = text.split("\n").findIndex((l) => l.includes("{it}"));
    const labels = completeAt(text, { line, character: text.split("\n")[line]!.indexOf("{it") + 3 }, skill).map((c) => c.label);
    expect(labels).toContain("item");
  });
});

describe("a diagnostic on a part's line is reported in the part", () => {
  const dir = mkdtempSync(join(tmpdir(), "parts-"));
  mkdirSync(join(dir, "t"));
  mkdirSync(join(dir, "parts"));
  writeFileSync(join(dir, "t/tools.ts"), `export { default } from ${JSON.stringify(join(root, "test/fixtures/check-tools/refund.ts"))};\n`);
  const skillText = md("", '- use: ../parts/order.md\n- say: "Bye."\n');
  writeFileSync(join(dir, "t/SKILL.md"), skillText);

  it("semantic checks: each at the part's line and column", async () => {
    writeFileSync(join(dir, "parts/order.md"), [
      "# Order", "", "## Fields", "", "```yaml", "order_id: { text: true }", "```", "", "## Steps", "", "```yaml",
      '- ask: { order_id: "Which order?" }', // 12
      "- do: refund_quote", // 13
      '- say: "It is {refund_quote.amont} EUR."', // 14
      "- when: order_id > 3", // 15
      "  steps:",
      "    - do: create_return", // 17
      "```", "",
    ].join("\n"));
    const loaded = await loadSkill(join(dir, "t"));
    const part = join(dir, "parts/order.md");
    expect(loaded.diagnostics.map((d) => `${d.file === part ? "part" : d.file}:${d.line}:${d.column} ${d.ruleId}`)).toEqual([
      "part:14:29 unknown-reference",
      "part:15:18 ill-typed-condition",
      "part:17:7 ungated-write",
    ]);
  });

  it("parse problems: in the part, and the checks of what they left readable", async () => {
    writeFileSync(join(dir, "parts/order.md"), "## Steps\n\n```yaml\n- aks: { order_id: \"Which order?\" }\n```\n");
    const loaded = await loadSkill(join(dir, "t"));
    expect(loaded.diagnostics.map((d) => `${d.file === join(dir, "parts/order.md") ? "part" : "skill"}:${d.line}:${d.column} ${d.ruleId}`)).toEqual(["part:4:3 unknown-step-key", "part:4:10 unknown-field"]);
  });
});

describe("a part several skills use is read once", () => {
  it("one reader for the nine retail skills reads sign-in.md once; a reader each reads it nine times", async () => {
    const reads: string[] = [];
    const counting = (file: string) => (reads.push(file), readFileSync(file));
    const shared = partFiles(counting);
    for (const name of usingSignIn) expect((await loadSkill(join(retail, name), { parts: shared })).skill).toBeDefined();
    expect(reads).toEqual([signIn]);
    reads.length = 0;
    for (const name of usingSignIn) await loadSkill(join(retail, name), { parts: partFiles(counting) });
    expect(reads.length).toBe(9);
  });
});

describe("flow check over skills that share a part", () => {
  it("reports a problem on the part's line once, however many skills use it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "parts-check-"));
    mkdirSync(join(dir, "parts"));
    writeFileSync(join(dir, "parts/hello.md"), "## Steps\n\n```yaml\n- sya: \"Hello.\"\n```\n");
    for (const name of ["one", "two"]) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, "SKILL.md"), md("", "- use: ../parts/hello.md\n").replace("name: t", `name: ${name}`));
    }
    const { io, stdout } = memoryIo(dir);
    expect(await cli(["check", "."], io)).toBe(1);
    expect(stdout().split("\n").filter((l) => /^\S+:\d+:\d+ /.test(l))).toEqual(["parts/hello.md:4:3 error unknown-step-key: `sya` is not a step key. Did you mean `say`?"]);
  });
});
