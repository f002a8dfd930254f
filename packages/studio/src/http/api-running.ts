/**
 * Running things from the page: the skill's proofs against the text being edited, a Flow page sandbox
 * for it, and a draft from a sentence (with the skill folder's tools). A draft is shown, never saved:
 * the author puts it in the editor and saves it, and the save records the loader's verdict.
 */
import { json, problem, readJson } from "@skillflow/server";
import { DEFAULT_ROUNDS, draftSkill } from "../draft/draft-skill.js";
import { isModelSetupError } from "../langgraph-port.js";
import { runSkillProofs } from "../proofs/run-skill-proofs.js";
import { skillOf, textBody, type StudioContext } from "./studio-context.js";

const MAX_ROUNDS = 5;

export async function proveText(ctx: StudioContext, key: string, request: Request): Promise<Response> {
  const entry = await skillOf(ctx, key);
  if (!entry.ok) return entry.response;
  const body = await textBody(ctx, request);
  if (!body.ok) return body.response;
  const { file, folder } = entry.value;
  return json(await runSkillProofs({ folders: [...ctx.proofFolders, folder], skillFile: file, skillFolder: folder, text: body.value.text, cwd: ctx.cwd }));
}

export async function openFlow(ctx: StudioContext, key: string, request: Request): Promise<Response> {
  const entry = await skillOf(ctx, key);
  if (!entry.ok) return entry.response;
  const body = await textBody(ctx, request);
  if (!body.ok) return body.response;
  const opened = await ctx.sandboxes.open(entry.value, body.value.text);
  if (!opened.ok) return problem(422, `Only a skill that passes the check can run; this text has ${opened.errors} error${opened.errors === 1 ? "" : "s"}.`);
  return json({ url: `flow/${opened.id}/`, id: opened.id });
}

export async function draftFor(ctx: StudioContext, key: string, request: Request): Promise<Response> {
  const entry = await skillOf(ctx, key);
  if (!entry.ok) return entry.response;
  const body = await readJson(request, ctx.bodyLimit);
  if (!body.ok) return body.response;
  const { sentence, rounds } = (body.value ?? {}) as { sentence?: unknown; rounds?: unknown };
  if (typeof sentence !== "string" || !sentence.trim()) return problem(400, "Say in one sentence what the skill should do (`sentence`).");
  const limit = rounds === undefined ? DEFAULT_ROUNDS : Number(rounds);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ROUNDS) return problem(400, `rounds is a whole number from 1 to ${MAX_ROUNDS}.`);
  let model;
  try {
    model = await ctx.draftModel();
  } catch (error) {
    if (isModelSetupError(error)) return problem(503, `Drafting is not available: ${error.message}.`);
    throw error;
  }
  const tools = await ctx.folder.toolsOf(entry.value);
  const result = await draftSkill({ sentence, model, file: entry.value.file, tools, rounds: limit });
  return json(result);
}
