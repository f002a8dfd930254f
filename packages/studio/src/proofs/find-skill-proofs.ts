/**
 * The proofs of a skill: proof files (`*.proof.yaml`, `prove.yaml`) in the proof folders — by default
 * `proofs/` beside SKILLS_DIR and the skill folder itself — whose `skill:` (or one of whose `skills:`)
 * is this skill's folder or SKILL.md. Only `skill:`/`skills:` is read here; `proveFiles` parses the rest.
 * The edge: reads the file system.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parse } from "yaml";

/** Proof files under `folders` that run the skill in `skillFolder`, sorted, each once. */
export async function findSkillProofs(folders: readonly string[], skillFolder: string): Promise<string[]> {
  const found = new Set<string>();
  for (const folder of folders) {
    for (const file of await proofFiles(folder, 0)) if (await runsSkill(file, skillFolder)) found.add(file);
  }
  return [...found].sort();
}

/** Whether the proof file names the skill folder (or its SKILL.md) under `skill:` or `skills:`. */
async function runsSkill(file: string, skillFolder: string): Promise<boolean> {
  const text = await readFile(file, "utf8").catch(() => "");
  let root: unknown;
  try {
    root = parse(text);
  } catch {
    return false;
  }
  const named = (root as { skill?: unknown; skills?: unknown } | null) ?? {};
  const paths = [named.skill, ...(Array.isArray(named.skills) ? named.skills : [])].filter((p): p is string => typeof p === "string");
  return paths.some((path) => sameSkill(resolve(dirname(file), path), skillFolder));
}

/** A proof's skill path (a folder or its SKILL.md) is the skill folder. */
export function sameSkill(path: string, skillFolder: string): boolean {
  const folder = resolve(skillFolder);
  return resolve(path) === folder || resolve(path) === join(folder, "SKILL.md");
}

async function proofFiles(dir: string, depth: number): Promise<string[]> {
  if (depth > 6 || !(await stat(dir).then((s) => s.isDirectory(), () => false))) return [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await proofFiles(full, depth + 1)));
    else if (entry.isFile() && (entry.name.endsWith(".proof.yaml") || entry.name === "prove.yaml")) files.push(full);
  }
  return files;
}
