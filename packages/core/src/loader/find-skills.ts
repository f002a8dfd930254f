/**
 * `findSkills(paths)`: which SKILL.md files the given paths mean. A file is itself; a folder with a
 * SKILL.md is one skill; a folder without one is searched (sub-folders, recursively, skipping
 * node_modules and dot-folders) for folders that have one. The edge: reads the file system.
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

export interface FoundSkills {
  /** SKILL.md paths, sorted, each once. */
  files: string[];
  /** Paths that do not exist. */
  missing: string[];
}

const MAX_DEPTH = 8;

export async function findSkills(paths: readonly string[]): Promise<FoundSkills> {
  const files = new Set<string>();
  const missing: string[] = [];
  for (const path of paths) {
    const kind = await kindOf(path);
    if (kind === "missing") missing.push(path);
    else if (kind === "file") files.add(path);
    else await searchFolder(path, files, 0);
  }
  return { files: [...files].sort(), missing };
}

async function kindOf(path: string): Promise<"file" | "folder" | "missing"> {
  try {
    return (await stat(path)).isDirectory() ? "folder" : "file";
  } catch {
    return "missing";
  }
}

async function searchFolder(dir: string, files: Set<string>, depth: number): Promise<void> {
  const skill = join(dir, "SKILL.md");
  if ((await kindOf(skill)) !== "missing") {
    files.add(skill);
    return;
  }
  if (depth >= MAX_DEPTH) return;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() && entry.name !== "node_modules" && !entry.name.startsWith(".")) {
      await searchFolder(join(dir, entry.name), files, depth + 1);
    }
  }
}
