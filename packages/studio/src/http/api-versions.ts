/**
 * Versions: every save is checked (the loader's verdict on the text with the folder's tools.ts) and
 * kept with its author and time, passing or not; the history lists them newest first and marks the one
 * `flow serve --studio-db` runs (the newest that passes); two versions are compared as line hunks; a
 * restore saves the old content as a new version, so history is never rewritten.
 */
import { diffHunks } from "@skillflow/core/edit";
import { json, problem } from "@skillflow/server";
import { analyzeText } from "../analysis/analyze-text.js";
import type { Version } from "../store/version-store.js";
import { skillOf, textBody, type StudioContext } from "./studio-context.js";

export async function listVersions(ctx: StudioContext, key: string): Promise<Response> {
  const entry = await skillOf(ctx, key);
  if (!entry.ok) return entry.response;
  const versions = await ctx.store.versions.list(key);
  const served = versions.find((v) => v.passes)?.number ?? null;
  return json({ served, versions });
}

export async function saveVersion(ctx: StudioContext, key: string, request: Request, author: string): Promise<Response> {
  const entry = await skillOf(ctx, key);
  if (!entry.ok) return entry.response;
  const body = await textBody(ctx, request);
  if (!body.ok) return body.response;
  const note = typeof body.value.note === "string" && body.value.note.trim() ? body.value.note.trim().slice(0, 200) : undefined;
  return json(await save(ctx, key, body.value.text, author, note));
}

export async function getVersion(ctx: StudioContext, key: string, number: string): Promise<Response> {
  const found = await versionOf(ctx, key, number);
  return found.ok ? json(found.value) : found.response;
}

export async function diffVersions(ctx: StudioContext, key: string, from: string | undefined, to: string | undefined): Promise<Response> {
  const a = await versionOf(ctx, key, from);
  if (!a.ok) return a.response;
  const b = await versionOf(ctx, key, to);
  if (!b.ok) return b.response;
  return json({ from: a.value.number, to: b.value.number, hunks: diffHunks(a.value.content, b.value.content, 3) });
}

export async function restoreVersion(ctx: StudioContext, key: string, number: string, author: string): Promise<Response> {
  const found = await versionOf(ctx, key, number);
  if (!found.ok) return found.response;
  return json(await save(ctx, key, found.value.content, author, `restored from version ${found.value.number}`));
}

/** Check the text, then keep it as a version (a draft when it fails the check). */
async function save(ctx: StudioContext, key: string, text: string, author: string, note: string | undefined) {
  const entry = (await ctx.folder.find(key))!;
  const { analysis } = await analyzeText(entry.file, entry.folder, text, await ctx.folder.toolsOf(entry));
  const { version, saved } = await ctx.store.versions.save({ skill: key, content: text, author, at: ctx.now(), diagnostics: analysis.diagnostics, ...(note && { note }) });
  return { version, saved, analysis };
}

async function versionOf(ctx: StudioContext, key: string, number: string | undefined): Promise<{ ok: true; value: Version } | { ok: false; response: Response }> {
  const entry = await skillOf(ctx, key);
  if (!entry.ok) return entry;
  const n = Number(number);
  if (!Number.isInteger(n) || n < 1) return { ok: false, response: problem(400, `A version is a number from 1, not "${number ?? ""}".`) };
  const version = await ctx.store.versions.get(key, n);
  return version ? { ok: true, value: version } : { ok: false, response: problem(404, `${key} has no version ${n}.`) };
}
