/**
 * `parseSkill`: SKILL.md text → Skill IR and the structural diagnostics. Pure and total: it never
 * throws and reports every problem it can find; tools are left empty (the loader fills them).
 */
import type { Diagnostic } from "../diagnostics.js";
import { checkText, normalizeText } from "./check-text.js";
import { reportInto } from "./diagnose.js";
import { findBlocks } from "./find-blocks.js";
import { parseFrontmatter } from "./parse-frontmatter.js";
import { parseLimits } from "./parse-limits.js";
import { parseValues } from "./parse-values.js";
import { parseFlowBlocks } from "./parse-part.js";
import { addPickFields, carryDefaults } from "./parse-steps.js";
import { addDecideFields } from "./add-decide-fields.js";
import type { PartReader } from "./use-part.js";
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

export interface ParseOptions {
  /**
   * Reads the part files the skill's `use:` steps name (the loader's reads the disk); without it, a
   * `use:` is a `part-not-found` error.
   */
  parts?: PartReader;
}

/**
 * Parse SKILL.md `text`; `file` is the path used in the IR and in every diagnostic (a part's lines are
 * reported in the part's file, as the reader names it).
 */
export function parseSkill(text: string, file: string, options: ParseOptions = {}): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const report = reportInto(diagnostics, file);
  if (!checkText(text, report)) return { diagnostics, complete: false };
  const found = findBlocks(normalizeText(text), report);
  const meta = parseFrontmatter(found.frontmatter, report, file);
  const { fields, steps, complete, files, moved } = parseFlowBlocks(found, report, { ...(options.parts && { read: options.parts }), stack: [file], names: new Map(), diagnostics });
  if (!found.steps) {
    report("missing-steps", { line: 1, column: 1 }, "SKILL.md has no Steps block, so the skill does nothing.", "Add a `## Steps` heading followed by a ```yaml block listing the steps.");
  }
  addPickFields(fields, steps);
  addDecideFields(fields, steps, report);
  carryDefaults(fields, steps);
  let limits: Skill["limits"];
  if (found.limits) {
    const { doc, ctx } = parseYamlBlock(found.limits, "Limits block", "yaml-syntax", report);
    if (doc) limits = parseLimits(doc.contents, ctx);
  }
  let values: Skill["values"];
  if (found.values) {
    const { doc, ctx } = parseYamlBlock(found.values, "Values block", "yaml-syntax", report);
    if (doc) values = parseValues(doc.contents, ctx);
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
    ...(files.length > 0 && { parts: files }),
    ...(Object.keys(moved).length > 0 && { writtenIds: moved }),
    blocks: {
      ...(found.frontmatter && { frontmatter: found.frontmatter.pos }),
      ...(found.fields && { fields: found.fields.pos }),
      ...(found.steps && { steps: found.steps.pos }),
      ...(found.limits && { limits: found.limits.pos }),
      ...(found.values && { values: found.values.pos }),
    },
  };
  if (limits) skill.limits = limits;
  if (values && Object.keys(values).length > 0) skill.values = values;
  return { skill, diagnostics, complete };
}
