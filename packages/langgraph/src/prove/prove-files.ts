/**
 * `proveFiles(paths)`: find the proof files, parse them all and check the names they take from their
 * skills, then run each that parses and names only what its skills have through the host with the
 * scripted model, and again with its cassette when one sits beside it (`prove-one.ts`); with
 * `options.model`, against that model instead. A proof that does not parse (or names a field, confirm or
 * tool its skill does not have) is not run and is reported as a located error beside the runs of the
 * others (`ok: false`, as tsc and vitest report every file, not only the first that fails). Skills are
 * loaded once per run; `options.load` may stand in for the loader (the Studio proves the text being
 * edited, with its tools). A cassette that does not read is a located error, like a proof that does not
 * parse (none is read when recording: a new recording replaces it).
 */
import { shownPath } from "@skillflow/core";
import { loadFlowSkill, type LoadedFlowSkill } from "../load-flow-skill.js";
import { checkProofNames } from "./check-proof-names.js";
import { findProofFiles } from "./find-proof-files.js";
import { readProofFile } from "./parse-proof.js";
import { ProofError, type Proof } from "./proof-types.js";
import { readCassette, cassettePathOf, type Cassette } from "./proof-cassette.js";
import { proveOne, type LiveModel } from "./prove-one.js";
import type { ProofRun } from "./run-proof.js";

export interface ProveSummary {
  runs: ProofRun[];
  passed: number;
  failed: number;
}

/**
 * `ok: false`: some proofs could not be run (`errors`, each located); `summary` holds the runs of the
 * others, every one that parses.
 */
export type ProveOutcome = { ok: true; summary: ProveSummary } | { ok: false; errors: ProofError[]; summary: ProveSummary };

export interface ProveOptions {
  /**
   * The skill to run for a proof's `skill:` path (absolute: a folder or SKILL.md as the proof names it),
   * in place of loading it from disk; undefined loads it as usual. A throw is reported as the skill not
   * loading.
   */
  load?: ((path: string) => Promise<LoadedFlowSkill | undefined>) | undefined;
  /** How long importing a skill's tools.ts may take (ms) before it is a `tools-timeout`; the loader's default otherwise. */
  importTimeoutMs?: number | undefined;
  /** Run every proof against this model instead of its scripted replies (`--model`; `record`: `--record`). */
  model?: LiveModel | undefined;
}

/** Prove every file under `paths`. Usage errors (a missing path) throw `ProveUsageError`. */
export async function proveFiles(paths: string[], cwd: string = process.cwd(), options: ProveOptions = {}): Promise<ProveOutcome> {
  const files = await findProofFiles(paths, cwd);
  const proofs: Proof[] = [];
  const places = new Map<Proof, string>();
  const cassettes = new Map<Proof, Cassette | undefined>();
  const errors: ProofError[] = [];
  for (const file of files) {
    try {
      const proof = await readProofFile(file, shownPath(file, cwd));
      // A cassette that does not read stops its proof (read before the proof is taken to run).
      const cassette = options.model ? undefined : await readCassette(cassettePathOf(file), cassettePathOf(proof.file));
      proofs.push(proof);
      places.set(proof, file);
      cassettes.set(proof, cassette);
    } catch (error) {
      if (!(error instanceof ProofError)) throw error;
      errors.push(error);
    }
  }
  const skills = new Map<string, Promise<LoadedFlowSkill>>();
  const fromDisk = (path: string) => loadFlowSkill(path, undefined, options.importTimeoutMs === undefined ? {} : { importTimeoutMs: options.importTimeoutMs });
  const load = (path: string) => {
    if (!skills.has(path)) skills.set(path, options.load ? options.load(path).then((given) => given ?? fromDisk(path)) : fromDisk(path));
    return skills.get(path)!;
  };
  const runs: ProofRun[] = [];
  for (const proof of proofs) {
    const wrongNames = await nameErrors(proof, load);
    errors.push(...wrongNames);
    if (wrongNames.length === 0) runs.push(...(await proveOne(proof, places.get(proof)!, load, cassettes.get(proof), options.model)));
  }
  const checks = runs.flatMap((r) => r.checks);
  const passed = checks.filter((c) => c.ok).length;
  const summary = { runs, passed, failed: checks.length - passed };
  return errors.length ? { ok: false, errors, summary } : { ok: true, summary };
}

/** Names the proof takes from its skills that none of them has; none when a skill does not load (the run reports that). */
async function nameErrors(proof: Proof, load: (path: string) => Promise<LoadedFlowSkill>): Promise<ProofError[]> {
  if (proof.names.length === 0) return [];
  const loaded = await Promise.all((proof.skills ?? [proof.skill]).map((path) => load(path).catch(() => undefined)));
  if (loaded.some((skill) => skill === undefined)) return [];
  return checkProofNames(proof, loaded.map((l) => l!.skill));
}
