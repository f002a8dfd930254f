/**
 * The SKILL.md files that the paths of a command line name (a file is itself; a folder is searched as
 * `findSkills` searches it), or what is wrong with the paths, one sentence each, naming each path as
 * it was typed: it does not exist, it is a file that is not a skill (not a SKILL.md, nor another .md
 * file that reads like a skill: see `notASkillReason`), or no SKILL.md is below it. The edge: reads the
 * file system.
 */
import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { findSkills, notASkillReason } from "@skillflow/core/loader";
import type { CommandError } from "./report/format-json-error.js";

export interface SkillFiles {
  /** Absolute SKILL.md paths, sorted, each once; empty when there are errors. */
  files: string[];
  errors: CommandError[];
}

/** Find the skills `paths` (relative to `cwd`) name, for `flow command`. */
export async function findSkillFiles(paths: readonly string[], command: string, cwd: string): Promise<SkillFiles> {
  const errors: CommandError[] = [];
  for (const path of paths) {
    const info = await stat(resolve(cwd, path)).catch(() => undefined);
    if (!info) errors.push({ message: `path not found: ${path}` });
    else if (info.isFile() && !/\.md$/i.test(path)) errors.push({ message: notASkill(path, command) });
    else if (info.isFile()) {
      const reason = await notASkillReason(resolve(cwd, path), path);
      if (reason) errors.push({ message: reason });
    }
  }
  if (errors.length > 0) return { files: [], errors };
  const { files } = await findSkills(paths.map((path) => resolve(cwd, path)));
  if (files.length === 0) return { files, errors: [{ message: `no SKILL.md found in ${paths.join(", ")}` }] };
  return { files, errors };
}

function notASkill(path: string, command: string): string {
  const name = basename(path);
  const proof = name.endsWith(".proof.yaml") || name === "prove.yaml" ? "; to run a proof, use flow prove" : "";
  return `${path} is not a SKILL.md file: flow ${command} takes skill folders or SKILL.md files${proof}`;
}
