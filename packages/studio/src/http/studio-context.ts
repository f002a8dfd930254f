/**
 * What every Studio handler shares: the skills folder, the store (versions and sessions), who the author
 * is, the Flow page's sandboxes, the model that drafts, the clock, and the last skill of each text that
 * parsed (half-typed YAML breaks a whole block; completion then reads the last one that parsed).
 */
import type { Skill } from "@skillflow/core";
import { problem, readJson } from "@skillflow/server";
import type { AuthorAuth } from "../auth/identify-author.js";
import type { DraftModel } from "../draft/draft-model.js";
import type { Sandboxes } from "../sandbox/sandbox-flows.js";
import type { SkillEntry, SkillsFolder } from "../skills/skills-folder.js";
import type { StudioStore } from "../store/open-studio-store.js";

export interface StudioContext {
  folder: SkillsFolder;
  store: StudioStore;
  auth: AuthorAuth;
  sandboxes: Sandboxes;
  /** The drafting model, resolved on first use (a missing key is said then, as a 503). */
  draftModel(): Promise<DraftModel>;
  /** Folders searched for proofs. */
  proofFolders: string[];
  cwd: string;
  now(): string;
  bodyLimit: number;
  lastParsed: Map<string, Skill>;
}

export type Handled<T> = { ok: true; value: T } | { ok: false; response: Response };

/** The skill named in the route, or a 404 naming the skills there are. */
export async function skillOf(ctx: StudioContext, key: string): Promise<Handled<SkillEntry>> {
  const all = await ctx.folder.list();
  const entry = all.find((e) => e.key === key);
  if (entry) return { ok: true, value: entry };
  return { ok: false, response: problem(404, `No skill ${key} in ${ctx.folder.root}: the skills are ${all.map((e) => e.key).join(", ") || "none"}.`) };
}

/** A JSON body with a string `text` (and whatever else the handler reads from it). */
export async function textBody(ctx: StudioContext, request: Request): Promise<Handled<Record<string, unknown> & { text: string }>> {
  const body = await readJson(request, ctx.bodyLimit);
  if (!body.ok) return body;
  const value = body.value as Record<string, unknown> | null;
  if (!value || typeof value !== "object" || typeof value.text !== "string") return { ok: false, response: problem(400, "The body must be a JSON object with `text`, the SKILL.md text.") };
  return { ok: true, value: value as Record<string, unknown> & { text: string } };
}
