/**
 * The Fields and Steps blocks of a file — a SKILL.md or a part it uses — read together, with the parts
 * its `use:` steps bring spliced in and their fields joined to its own (a name declared twice is a
 * `part-field-clash`). `parsePart` reads a part file: its frontmatter, title and prose are for people;
 * every position read from it names its file, so a diagnostic on its lines is reported in it. Pure.
 */
import { checkText, normalizeText } from "./check-text.js";
import { reportInto, type ParseReport } from "./diagnose.js";
import type { FoundBlocks } from "./find-blocks.js";
import { findBlocks } from "./find-blocks.js";
import { parseFields } from "./parse-fields.js";
import { parseStepList } from "./parse-steps.js";
import { usePartHook, type PartScope, type UsedPart } from "./use-part.js";
import { parseYamlBlock } from "./yaml-block.js";
import type { FieldDecl, Step } from "./ir.js";
import { ownValue } from "../own-value.js";

/** A file's fields and steps, its parts' included. */
export interface FlowBlocks {
  fields: Record<string, FieldDecl>;
  steps: Step[];
  /** How many step numbers its top-level list takes (a part's splice is counted in). */
  count: number;
  /** Nothing written was left out (here or in a part). */
  complete: boolean;
  /** The part files used, directly or through other parts, in the order they were met. */
  files: string[];
  /** Step ids as written → ids after the parts' steps, for the file's own steps a `use:` moved. */
  moved: Record<string, string>;
}

/** Read the Fields and Steps blocks of the file on top of `scope.stack`. */
export function parseFlowBlocks(found: FoundBlocks, report: ParseReport, scope: PartScope): FlowBlocks {
  const used: UsedPart[] = [];
  let fields: Record<string, FieldDecl> = {};
  let steps: Step[] = [];
  let count = 0;
  let moved: Record<string, string> = {};
  let complete = true;
  if (found.fields) {
    const { doc, ctx } = parseYamlBlock(found.fields, "Fields block", "yaml-syntax", report);
    if (doc) fields = parseFields(doc.contents, ctx);
    complete &&= ctx.complete();
  }
  if (found.steps) {
    const { doc, ctx } = parseYamlBlock(found.steps, "Steps block", "yaml-syntax", report);
    if (doc) ({ steps, count, moved } = parseStepList(doc.contents, ctx, usePartHook(scope, used, ctx, parsePart)));
    complete &&= ctx.complete();
  }
  return { fields: joinPartFields(fields, used, report, scope.names), steps, count, complete, files: [...new Set(used.flatMap((u) => u.files))], moved };
}

/** Parse the part file `file` (already on top of `scope.stack`); its diagnostics go to `scope.diagnostics`. */
export function parsePart(text: string, file: string, scope: PartScope): FlowBlocks {
  const report = reportInto(scope.diagnostics, file);
  if (!checkText(text, report)) return { fields: {}, steps: [], count: 0, complete: false, files: [], moved: {} };
  const found = findBlocks(normalizeText(text), report);
  const blocks = parseFlowBlocks(found, report, scope);
  if (!found.steps) report("missing-steps", { line: 1, column: 1 }, "This part has no Steps block, so a `use:` of it brings no steps.", "Add a `## Steps` heading followed by a ```yaml block listing the steps.");
  if (found.values) report("invalid-block", found.values.pos, "A part's `## Values` block is not read: named values belong to the skill that uses the part.", "Move the values to the skill's own `## Values` block, or write their expressions where the part's steps read them.");
  nameFile(blocks.fields, file);
  nameFile(blocks.steps, file);
  return blocks;
}

/**
 * The used parts' fields, in the order of their `use:` lines, then the file's own (as when a part's
 * fields were copied to the top of the Fields block); a name declared by two files is reported where it
 * can be changed, and the file's own declaration is the one kept.
 */
function joinPartFields(own: Record<string, FieldDecl>, used: readonly UsedPart[], report: ParseReport, names: ReadonlyMap<string, string>): Record<string, FieldDecl> {
  const joined: Record<string, FieldDecl> = {};
  for (const part of used) {
    for (const [name, field] of Object.entries(part.fields)) {
      const have = ownValue(own, name) ?? ownValue(joined, name);
      if (!have) {
        joined[name] = field;
        continue;
      }
      if (have.pos.file === field.pos.file && have.pos.line === field.pos.line) continue; // one part used twice
      const nameOf = (file: string | undefined) => (file === undefined ? part.ref : names.get(file) ?? file);
      const there = field.pos.file === part.file ? `line ${field.pos.line} of the part \`${part.ref}\`` : `line ${field.pos.line} of \`${nameOf(field.pos.file)}\`, a part \`${part.ref}\` uses`;
      if (have.pos.file === undefined) {
        report("part-field-clash", have.pos, `The field \`${name}\` is declared here and on ${there} (used at line ${part.usePos.line}).`, `Remove this declaration and use the part's \`${name}\` as it is, or rename this field and its asks.`);
      } else {
        report("part-field-clash", part.usePos, `The field \`${name}\` is declared on ${there} and on line ${have.pos.line} of \`${nameOf(have.pos.file)}\`.`, "Rename the field in one of the two parts, or move it to a part both use.");
      }
    }
  }
  for (const [name, field] of Object.entries(own)) joined[name] = field;
  return joined;
}

/** Give every position under `node` that names no file the part's path. */
function nameFile(node: unknown, file: string): void {
  if (Array.isArray(node)) {
    for (const item of node) nameFile(item, file);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  if (typeof record.line === "number" && typeof record.column === "number" && record.file === undefined) record.file = file;
  for (const value of Object.values(record)) nameFile(value, file);
}
