/**
 * Which files `flow prove PATH...` runs: a file as given; under a folder, every `*.proof.yaml` and
 * `prove.yaml`, sorted, skipping `node_modules` and hidden folders. A path that does not exist, or a
 * folder with no proofs, is a usage error.
 */
import { readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";

export class ProveUsageError extends Error {
  override name = "ProveUsageError";
}

/** Absolute paths of the proof files named by `paths` (relative to `cwd`), in a stable order. */
export async function findProofFiles(paths: string[], cwd: string): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const full = resolve(cwd, path);
    const info = await stat(full).catch(() => undefined);
    if (!info) throw new ProveUsageError(`path not found: ${path}`);
    if (info.isFile() && /\.(md|markdown)$/i.test(path)) {
      throw new ProveUsageError(`${path} is not a proof file: a proof is a *.proof.yaml or prove.yaml file; to check a skill, run flow check`);
    }
    if (info.isFile()) found.push(full);
    else {
      const inside = await walk(full);
      if (inside.length === 0) throw new ProveUsageError(`no *.proof.yaml or prove.yaml found in ${path}`);
      found.push(...inside);
    }
  }
  return [...new Set(found)];
}

function isProofFile(name: string): boolean {
  return name.endsWith(".proof.yaml") || name === "prove.yaml";
}

async function walk(dir: string): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else if (entry.isFile() && isProofFile(entry.name)) files.push(full);
  }
  return files;
}
