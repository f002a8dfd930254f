/**
 * `renderProcedure(skill, format)`: the procedure a person signs off, generated from the skill file and
 * its tools with no model, as Markdown or as a self-contained HTML page. Pure and deterministic: the
 * same skill gives byte-identical output (no clock, stable order).
 */
import type { Skill } from "../format/ir.js";
import { buildProcedure } from "./build-procedure.js";
import { renderHtml } from "./render-html.js";
import { renderMarkdown } from "./render-markdown.js";

export type ProcedureFormat = "md" | "html";

export function renderProcedure(skill: Skill, format: ProcedureFormat = "md"): string {
  const procedure = buildProcedure(skill);
  return format === "html" ? renderHtml(procedure) : renderMarkdown(procedure);
}
