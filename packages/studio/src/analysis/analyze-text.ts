/**
 * Checking the text being edited exactly as `flow check` checks it — the loader's `loadSkillText`, with
 * the folder's tools.ts — and deriving what the page shows from it: the diagnostics (file names relative
 * to the skill folder), the Canvas (from the parsed skill, even when the check fails) and, for a skill
 * that passes, what it proved. Pure apart from the loader (which the caller gives tools.ts to).
 */
import { relative } from "node:path";
import { findBlocks, normalizeText, parseSkill, type Diagnostic, type Skill } from "@skillflow/core";
import { loadSkillText, partFiles, type LoadedSkill, type ToolsBeside } from "@skillflow/core/loader";
import { buildCanvas, type CanvasStep } from "./build-canvas.js";
import { listProved, type ProvedWrite } from "./list-proved.js";

export interface Analysis {
  passes: boolean;
  errors: number;
  warnings: number;
  /** Sorted as `flow check` sorts them; `file` is relative to the skill folder (`SKILL.md`, `tools.ts`). */
  diagnostics: Diagnostic[];
  title?: string;
  canvas: CanvasStep[];
  /** Present when the check passes. */
  proved?: ProvedWrite[];
}

export interface Analyzed {
  analysis: Analysis;
  /** The loaded skill and its tools, when the check passes. */
  loaded?: LoadedSkill & { skill: Skill };
  /** The skill as far as it parses, with the tools (for the Canvas, completion and hover). */
  parsed?: Skill;
}

export async function analyzeText(file: string, folder: string, text: string, tools: ToolsBeside): Promise<Analyzed> {
  const parts = partFiles();
  const loaded = await loadSkillText(file, text, { tools, parts });
  const parsedSkill = parseSkill(text, file, { parts }).skill;
  const parsed = loaded.skill ?? (parsedSkill && { ...parsedSkill, tools: tools.collected.infos });
  const diagnostics = loaded.diagnostics.map((d) => ({ ...d, file: relative(folder, d.file) || d.file }));
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const canvas = parsed ? partsNamed(buildCanvas(parsed, loaded.diagnostics, stepsEnd(text)), folder) : [];
  const analysis: Analysis = {
    passes: errors === 0 && loaded.skill !== undefined,
    errors,
    warnings: diagnostics.length - errors,
    diagnostics,
    ...(parsed?.title ? { title: parsed.title } : {}),
    canvas,
    ...(loaded.skill ? { proved: listProved(loaded.skill) } : {}),
  };
  return { analysis, ...(loaded.skill && { loaded: loaded as LoadedSkill & { skill: Skill } }), ...(parsed && { parsed }) };
}

/** The Canvas with each part's path relative to the skill folder, as the diagnostics name it. */
function partsNamed(steps: CanvasStep[], folder: string): CanvasStep[] {
  return steps.map((s) => ({ ...s, ...(s.part && { part: relative(folder, s.part) || s.part }), ...(s.steps && { steps: partsNamed(s.steps, folder) }) }));
}

/** The last line of the Steps block's YAML (the file's last line when there is none). */
function stepsEnd(text: string): number {
  const normalized = normalizeText(text);
  const steps = findBlocks(normalized, () => undefined).steps;
  return steps ? steps.line + steps.text.split("\n").length - 1 : normalized.split("\n").length;
}
