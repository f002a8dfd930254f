/**
 * Parsing a proof file (PROOF-FORMAT.md) into a `Proof`. Any problem is a `ProofError` at the line and
 * column it was written, with one sentence saying what to change. `parseProof` is pure;
 * `readProofFile` reads the file and checks that each skill it names exists and is a skill.
 */
import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { parseProofLimits } from "./parse-proof-limits.js";
import { notASkillReason } from "@skillflow/core/loader";
import { proofNames } from "./collect-proof-names.js";
import { parseProofTurn } from "./parse-proof-turn.js";
import { isRecord, ProofReader } from "./proof-reader.js";
import { ProofError, type Proof, type ProofFixtures } from "./proof-types.js";

const TOP_KEYS = ["skill", "skills", "title", "fixtures", "turns"] as const;
const FIXTURE_KEYS = ["answers", "now", "fail", "reject", "limits"] as const;
const NOT_A_PROOF = "This is not a proof file: a proof is YAML with `skill:` (or `skills:`) and `turns:`";

/** Parse proof text. `file` is how the file is named in errors; `dir` resolves `skill:`/`skills:`. Pure. */
export function parseProof(text: string, file: string, dir: string): Proof {
  if (/\.(md|markdown)$/i.test(file)) throw new ProofError(file, 1, 1, `${NOT_A_PROOF}; to check a skill, run \`flow check\`.`);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const { line, col } = lines.linePos(first.pos[0]);
    throw new ProofError(file, line, col, `The YAML does not parse: ${first.message.split("\n")[0]}`);
  }
  const reader = new ProofReader(file, doc, lines);
  const root: unknown = doc.toJS();
  if (!isRecord(root)) throw reader.error([], "A proof is a mapping with `skill:` and `turns:`.");
  if (!["skill", "skills", "turns"].some((key) => key in root)) throw new ProofError(file, 1, 1, `${NOT_A_PROOF}.`);
  reader.checkKeys([], root, TOP_KEYS, "proof");
  const skills = parseSkills(reader, root).map((path) => resolve(dir, path));
  if (root.title !== undefined && typeof root.title !== "string") throw reader.error(["title"], "`title:` is a line of text.");
  if (!Array.isArray(root.turns) || root.turns.length === 0) throw reader.error(["turns"], "Add `turns:`, a list of turns.");
  const proof: Proof = {
    file,
    skill: skills[0]!,
    fixtures: parseFixtures(reader, root.fixtures),
    names: [],
    turns: root.turns.map((turn, i) => parseProofTurn(reader, ["turns", i], turn, i + 1)),
  };
  if (root.skills !== undefined) proof.skills = skills;
  if (proof.skills && proof.fixtures.answers) {
    throw reader.error(["fixtures", "answers"], "`answers:` needs a single `skill:`; with `skills:`, start each skill with a `user:` turn.", true);
  }
  proof.names = proofNames(reader, proof);
  if (root.title) proof.title = root.title;
  return proof;
}

/** `skill: path`, or `skills: [path, …]` (exactly one of the two), as written. */
function parseSkills(reader: ProofReader, root: Record<string, unknown>): string[] {
  if (root.skill !== undefined && root.skills !== undefined) throw reader.error(["skills"], "A proof has `skill:` or `skills:`, not both.", true);
  if (root.skills !== undefined) {
    const list = root.skills;
    if (!Array.isArray(list) || list.length === 0 || !list.every((s) => typeof s === "string" && s)) {
      throw reader.error(["skills"], "`skills:` is a list of skill folders or SKILL.md files, e.g. `skills: [../../skills/conference-trip, ../../skills/order-refund]`.");
    }
    return list as string[];
  }
  if (typeof root.skill !== "string" || !root.skill) throw reader.error(["skill"], "Add `skill:`, the skill's folder or SKILL.md relative to this file.");
  return [root.skill];
}

function parseFixtures(reader: ProofReader, value: unknown): ProofFixtures {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw reader.error(["fixtures"], "`fixtures:` is a mapping with `answers`, `now`, `fail`, `reject` or `limits`.");
  reader.checkKeys(["fixtures"], value, FIXTURE_KEYS, "fixture");
  const fixtures: ProofFixtures = {};
  if (value.answers !== undefined) {
    if (!isRecord(value.answers)) throw reader.error(["fixtures", "answers"], "`answers:` maps field names to values.");
    fixtures.answers = value.answers;
  }
  if (value.now !== undefined) {
    if (typeof value.now !== "string" || Number.isNaN(Date.parse(value.now))) {
      throw reader.error(["fixtures", "now"], '`now:` is an ISO 8601 time in quotes, e.g. "2027-03-01T09:00:00Z".');
    }
    fixtures.now = value.now;
  }
  if (value.fail !== undefined) fixtures.fail = parseFail(reader, value.fail, "fail");
  if (value.reject !== undefined) fixtures.reject = parseFail(reader, value.reject, "reject");
  if (value.limits !== undefined) fixtures.limits = parseProofLimits(reader, value.limits);
  return fixtures;
}

/** `fail:` (the tool throws: a write is in doubt) or `reject:` (it throws ToolRejected: nothing done). */
function parseFail(reader: ProofReader, value: unknown, key: "fail" | "reject"): Record<string, number> {
  if (!isRecord(value)) throw reader.error(["fixtures", key], `\`${key}:\` maps tool names to how many first calls fail, e.g. \`${key}: { reserve_cab: 1 }\`.`);
  for (const [tool, n] of Object.entries(value)) {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0) throw reader.error(["fixtures", key, tool], "Give a whole number of calls that fail.");
  }
  return value as Record<string, number>;
}

/**
 * Read and parse a proof file; each skill it names must exist, and a file must be a skill (a README.md
 * is a usage error, not a failed run). `shown` is the path used in messages.
 */
export async function readProofFile(path: string, shown: string): Promise<Proof> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    throw new ProofError(shown, 1, 1, "The proof file cannot be read.");
  }
  const proof = parseProof(text, shown, dirname(path));
  const paths = proof.skills ?? [proof.skill];
  const missing = paths.findIndex((skill) => !existsSync(skill));
  const where = (i: number) => (proof.skills ? ["skills", i] : ["skill"]);
  if (missing >= 0) throw locateSkillError(text, shown, where(missing), `No skill at ${paths[missing]}: \`${where(missing)[0]}:\` is relative to the proof file.`);
  for (const [i, skill] of paths.entries()) {
    const reason = statSync(skill).isFile() ? await notASkillReason(skill) : undefined;
    if (reason) throw locateSkillError(text, shown, where(i), `${reason}.`);
  }
  return proof;
}

function locateSkillError(text: string, shown: string, path: Array<string | number>, message: string): ProofError {
  const lines = new LineCounter();
  const reader = new ProofReader(shown, parseDocument(text, { lineCounter: lines }), lines);
  return reader.error(path, message);
}
