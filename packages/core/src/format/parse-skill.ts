/**
 * `parseSkill`: SKILL.md text → Skill IR and the structural diagnostics. Pure and total: it never
 * throws and reports every problem it can find; tools are left empty (the loader fills them).
 */
import type { Diagnostic } from "../diagnostics.js";
import { checkText, normalizeText } from "./check-text.js";
import { reportInto } from "./diagnose.js";
import { findBlocks } from "./find-blocks.js";
import { parseFields } from "./parse-fields.js";
import { parseFrontmatter } from "./parse-frontmatter.js";
import { parseLimits } from "./parse-limits.js";
import { addPickFields, parseSteps } from "./parse-steps.js";
import { parseYamlBlock } from "./yaml-block.js";
import type { Skill } from "./ir.js";

export interface ParseResult {
  /** The skill as far as it could be read; absent only when the file is empty, binary or too large. */
  skill?: Skill;
  diagnostics: Diagnostic[];
  /**
   * Every field and step written is in `skill` (a misspelt kind or shape read as the one it is closest
   * to), so the semantic checks can run on it without reporting what only a left-out part would explain.
   */
  complete: boolean;
}

/** Parse SKILL.md `text`; `file` is the path used in the IR and in every diagnostic. */
export function parseSkill(text: string, file: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const report = reportInto(diagnostics, file);
  if (!checkText(text, report)) return { diagnostics, complete: false };
  const found = findBlocks(normalizeText(text), report);
  const meta = parseFrontmatter(found.frontmatter, report, file);
  let fields = {};
  let complete = true;
  if (found.fields) {
    const { doc, ctx } = parseYamlBlock(found.fields, "Fields block", "yaml-syntax", report);
    if (doc) fields = parseFields(doc.contents, ctx);
    complete &&= ctx.complete();
  }
  let steps: Skill["steps"] = [];
  if (found.steps) {
    const { doc, ctx } = parseYamlBlock(found.steps, "Steps block", "yaml-syntax", report);
    if (doc) steps = parseSteps(doc.contents, ctx);
    complete &&= ctx.complete();
  } else {
    report("missing-steps", { line: 1, column: 1 }, "SKILL.md has no Steps block, so the skill does nothing.", "Add a `## Steps` heading followed by a ```yaml block listing the steps.");
  }
  addPickFields(fields, steps);
  let limits: Skill["limits"];
  if (found.limits) {
    const { doc, ctx } = parseYamlBlock(found.limits, "Limits block", "yaml-syntax", report);
    if (doc) limits = parseLimits(doc.contents, ctx);
  }
  const skill: Skill = {
    file,
    name: meta.name,
    description: meta.description,
    prose: found.prose,
    title: found.title || meta.name,
    fields,
    steps,
    tools: {},
    blocks: {
      ...(found.frontmatter && { frontmatter: found.frontmatter.pos }),
      ...(found.fields && { fields: found.fields.pos }),
      ...(found.steps && { steps: found.steps.pos }),
      ...(found.limits && { limits: found.limits.pos }),
    },
  };
  if (limits) skill.limits = limits;
  return { skill, diagnostics, complete };
}
