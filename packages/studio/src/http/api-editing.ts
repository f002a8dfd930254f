/**
 * The editor's requests, all on the text being edited (not yet saved): `check` (the loader's verdict,
 * the Canvas, what it proved), `complete` and `hover` at a cursor (`@skillflow/core/edit`, the language
 * server's own logic), and `procedure` (the `flow procedure` page of a text that passes).
 */
import { parseSkill, renderProcedure, type Skill } from "@skillflow/core";
import { completeAt, hoverAt, type EditorPosition } from "@skillflow/core/edit";
import { partFiles } from "@skillflow/core/loader";
import { json, problem } from "@skillflow/server";
import { analyzeText } from "../analysis/analyze-text.js";
import type { SkillEntry } from "../skills/skills-folder.js";
import { skillOf, textBody, type StudioContext } from "./studio-context.js";

export async function checkText(ctx: StudioContext, key: string, request: Request): Promise<Response> {
  const found = await prepared(ctx, key, request);
  if (!found.ok) return found.response;
  const { entry, text } = found.value;
  const { analysis } = await analyzeText(entry.file, entry.folder, text, await ctx.folder.toolsOf(entry));
  return json(analysis);
}

export function completeText(ctx: StudioContext, key: string, request: Request, author: string): Promise<Response> {
  return atCursor(ctx, key, request, author, (text, at, skill) => completeAt(text, at, skill));
}

export function hoverText(ctx: StudioContext, key: string, request: Request, author: string): Promise<Response> {
  return atCursor(ctx, key, request, author, (text, at, skill) => ({ markdown: hoverAt(text, at, skill) ?? null }));
}

/** A request at a cursor: the text, the 0-based position and the skill as far as it parses. */
async function atCursor(ctx: StudioContext, key: string, request: Request, author: string, answer: (text: string, at: EditorPosition, skill: Skill | undefined) => unknown): Promise<Response> {
  const found = await prepared(ctx, key, request);
  if (!found.ok) return found.response;
  const at = positionOf(found.value.body);
  if (!at) return problem(400, "The body needs `line` and `character`: the cursor, counted from 0.");
  const skill = await skillForCursor(ctx, found.value.entry, found.value.text, author);
  return json(answer(found.value.text, at, skill));
}

export async function procedureOf(ctx: StudioContext, key: string, request: Request): Promise<Response> {
  const found = await prepared(ctx, key, request);
  if (!found.ok) return found.response;
  const { entry, text } = found.value;
  const { loaded, analysis } = await analyzeText(entry.file, entry.folder, text, await ctx.folder.toolsOf(entry));
  if (!loaded) return problem(422, `The procedure is written for a skill that passes the check; this text has ${analysis.errors} error${analysis.errors === 1 ? "" : "s"}.`);
  return json({ html: renderProcedure(loaded.skill, "html"), markdown: renderProcedure(loaded.skill, "md") });
}

async function prepared(ctx: StudioContext, key: string, request: Request) {
  const entry = await skillOf(ctx, key);
  if (!entry.ok) return entry;
  const body = await textBody(ctx, request);
  if (!body.ok) return body;
  return { ok: true as const, value: { entry: entry.value, text: body.value.text, body: body.value } };
}

function positionOf(body: Record<string, unknown>): { line: number; character: number } | undefined {
  const { line, character } = body;
  return Number.isInteger(line) && Number.isInteger(character) && (line as number) >= 0 && (character as number) >= 0
    ? { line: line as number, character: character as number } : undefined;
}

/** The skill as far as the text parses, with its tools; the last one that parsed while the YAML is broken. */
async function skillForCursor(ctx: StudioContext, entry: SkillEntry, text: string, author: string) {
  const tools = await ctx.folder.toolsOf(entry);
  const parsed = parseSkill(text, entry.file, { parts: partFiles() });
  const broken = parsed.diagnostics.some((d) => d.ruleId === "yaml-syntax" || d.ruleId === "markdown-syntax");
  const slot = `${author}\u0000${entry.key}`;
  if (parsed.skill && !broken) ctx.lastParsed.set(slot, parsed.skill);
  const skill = broken ? ctx.lastParsed.get(slot) ?? parsed.skill : parsed.skill;
  return skill && { ...skill, tools: tools.collected.infos };
}
