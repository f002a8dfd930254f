/**
 * The skills the Studio edits: every skill folder under SKILLS_DIR (found as `flow check` finds them),
 * each known by its folder's name (`conference-trip`), which also names its versions. tools.ts is
 * imported once per folder and again when it changes on disk (its modification time), since importing it
 * on every keystroke would cost more than the check. The edge: reads the file system.
 */
import { stat } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { findSkills, importToolsBeside, type ToolsBeside } from "@skillflow/core/loader";

export interface SkillEntry {
  /** The folder's name: how the Studio, its versions and `flow serve --studio-db` name the skill. */
  key: string;
  folder: string;
  /** The SKILL.md path. */
  file: string;
  /** The folder as shown (relative to the working folder). */
  shown: string;
}

export interface SkillsFolder {
  readonly root: string;
  list(): Promise<SkillEntry[]>;
  find(key: string): Promise<SkillEntry | undefined>;
  /** tools.ts beside the skill, imported once and again after it changed on disk. */
  toolsOf(entry: SkillEntry): Promise<ToolsBeside>;
}

/** Two skill folders with one name under SKILLS_DIR: their versions could not be told apart. */
export class SkillsFolderError extends Error {
  override name = "SkillsFolderError";
}

export function openSkillsFolder(root: string, options: { cwd: string; importTimeoutMs?: number }): SkillsFolder {
  const tools = new Map<string, { stamp: number; beside: Promise<ToolsBeside> }>();
  const list = async (): Promise<SkillEntry[]> => {
    const { files } = await findSkills([root]);
    const entries = files.filter((file) => basename(file) === "SKILL.md").map((file) => {
      const folder = dirname(file);
      return { key: basename(folder), folder, file, shown: relative(options.cwd, folder) || "." };
    });
    const seen = new Map<string, SkillEntry>();
    for (const entry of entries) {
      const other = seen.get(entry.key);
      if (other) throw new SkillsFolderError(`${other.shown} and ${entry.shown} are both named ${entry.key}: the Studio names a skill's versions by its folder, so rename one of them.`);
      seen.set(entry.key, entry);
    }
    return entries;
  };
  return {
    root,
    list,
    find: async (key) => (await list()).find((entry) => entry.key === key),
    async toolsOf(entry) {
      const stamp = await stat(join(entry.folder, "tools.ts")).then((s) => s.mtimeMs, () => -1);
      const known = tools.get(entry.folder);
      if (known && known.stamp === stamp) return known.beside;
      const beside = importToolsBeside(entry.file, { ...(options.importTimeoutMs !== undefined && { importTimeoutMs: options.importTimeoutMs }) });
      tools.set(entry.folder, { stamp, beside });
      return beside;
    },
  };
}
