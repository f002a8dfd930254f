/**
 * The skills folder as the page sees it: each skill with its newest version and the one served, and one
 * skill opened — the text of its newest version (else SKILL.md on disk) with its tools for the editor.
 */
import { readFile } from "node:fs/promises";
import { formatType } from "@skillflow/core/edit";
import { json } from "@skillflow/server";
import { infoOf } from "../store/version-store.js";
import { skillOf, type StudioContext } from "./studio-context.js";

export async function listSkills(ctx: StudioContext): Promise<Response> {
  const entries = await ctx.folder.list();
  const skills = await Promise.all(entries.map(async (entry) => {
    const [latest, served] = await Promise.all([ctx.store.versions.latest(entry.key), ctx.store.versions.latestPassing(entry.key)]);
    return { key: entry.key, shown: entry.shown, latest: latest ? infoOf(latest) : null, served: served?.number ?? null };
  }));
  return json({ root: ctx.folder.root, skills });
}

export async function openSkill(ctx: StudioContext, key: string): Promise<Response> {
  const entry = await skillOf(ctx, key);
  if (!entry.ok) return entry.response;
  const latest = await ctx.store.versions.latest(key);
  const text = latest?.content ?? (await readFile(entry.value.file, "utf8"));
  const tools = await ctx.folder.toolsOf(entry.value);
  const listed = Object.values(tools.collected.infos).map((t) => ({
    name: t.name, kind: t.kind, ...(t.description ? { description: t.description } : {}),
    input: t.params.map((p) => `${p.name}${p.optional ? "?" : ""}: ${formatType(p.type)}`), output: formatType(t.output),
  }));
  return json({ key, shown: entry.value.shown, text, from: latest ? { version: latest.number } : { disk: true }, tools: listed });
}
