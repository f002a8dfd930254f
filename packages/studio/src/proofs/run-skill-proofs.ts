/**
 * Running a skill's proofs from the Studio against the text being edited: `proveFiles` (what `flow
 * prove` runs) with the edited skill standing in for the one on disk, and a fresh import of tools.ts
 * (proofs expect fresh in-memory fake tools, as `flow prove` gives them). Each check comes back with its
 * proof file, turn and line. A skill that does not pass the check fails each proof at its set-up.
 */
import { relative } from "node:path";
import { loadSkillText } from "@skillflow/core/loader";
import { FlowLoadError, ProofError, proveFiles, type HostTool, type ProveCheck } from "../langgraph-port.js";
import { findSkillProofs, sameSkill } from "./find-skill-proofs.js";

export interface ProofsReport {
  /** No proof file names this skill. */
  none: boolean;
  proofs: Array<{ file: string; title?: string; checks: ProveCheck[] }>;
  passed: number;
  failed: number;
  /** Proof files that do not parse: nothing was run. */
  errors: Array<{ file: string; line: number; column: number; message: string }>;
}

export async function runSkillProofs(options: { folders: string[]; skillFile: string; skillFolder: string; text: string; cwd: string }): Promise<ProofsReport> {
  const files = await findSkillProofs(options.folders, options.skillFolder);
  const empty = { proofs: [], passed: 0, failed: 0, errors: [] };
  if (files.length === 0) return { none: true, ...empty };
  const load = async (path: string) => {
    if (!sameSkill(path, options.skillFolder)) return undefined;
    const loaded = await loadSkillText(options.skillFile, options.text);
    if (!loaded.skill) throw new FlowLoadError(relative(options.cwd, options.skillFile), loaded.diagnostics);
    return { skill: loaded.skill, tools: loaded.tools as Record<string, HostTool> };
  };
  let outcome: Awaited<ReturnType<typeof proveFiles>>;
  try {
    outcome = await proveFiles(files, options.cwd, { load });
  } catch (error) {
    if (error instanceof ProofError) return { none: false, ...empty, errors: [{ file: error.file, line: error.line, column: error.column, message: error.reason }] };
    throw error;
  }
  // The proofs that parse have run even when another could not: both are shown.
  const errors = outcome.ok ? [] : outcome.errors.map((e) => ({ file: e.file, line: e.line, column: e.column, message: e.reason }));
  const { runs, passed, failed } = outcome.summary;
  return { none: false, proofs: runs.map((r) => ({ file: r.file, ...(r.title ? { title: r.title } : {}), checks: r.checks })), passed, failed, errors };
}
