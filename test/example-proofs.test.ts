/**
 * The example proofs (`proofs/`) are part of `npm test`: they are the promises told as conversations —
 * the reference story, overreaching models, forged picks, typed secrets, approvals only by role, writes
 * once and in order — run through the LangGraph host with the scripted model. Any model call a proof
 * did not script fails it, so every pick, press, typed secret and approval in them proves it skips the
 * model. This test fails on any failing check, and on a skill or the reference story losing its proofs,
 * and when docs/tau-bench.md's "The policy, rule by rule" names a retail proof that did not run, or
 * leaves out one of the proofs that attack the policy (proofs/retail/attack-*).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { proveFiles, type ProveSummary } from "@skillflow/langgraph/prove";

const root = fileURLToPath(new URL("..", import.meta.url));
// Every folder of skills/ that holds a skill (a folder of several skills, like retail/, holds one per subfolder).
const skills = readdirSync(`${root}skills`, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(`${root}skills/${e.name}/SKILL.md`)).map((e) => e.name);
let summary: ProveSummary;

beforeAll(async () => {
  // The retail proofs run on the one store a process gets (skills/retail/tools.ts keeps it on globalThis).
  // Test files share processes (isolate: false), so another file's conversations may have written to it:
  // the proofs start from a fresh copy of the database, as `flow prove` in its own process does.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("skillflow.retail.processStore")];
  const outcome = await proveFiles(["proofs"], root);
  if (!outcome.ok) throw new Error(`proofs do not parse:\n${outcome.errors.map((e) => e.message).join("\n")}`);
  summary = outcome.summary;
}, 120_000);

const checksOf = (folder: string) => summary.runs.filter((r) => r.file.startsWith(`proofs/${folder}/`)).flatMap((r) => r.checks);

describe("flow prove proofs", () => {
  it("passes every check", () => {
    const failed = summary.runs.flatMap((r) => r.checks.filter((c) => !c.ok).map((c) => `${r.file}:${c.line} ${c.key}: expected ${c.expected}, saw ${c.seen}`));
    expect(failed).toEqual([]);
    expect(summary.failed).toBe(0);
  });

  it("proves every example skill", () => {
    expect(skills.length).toBeGreaterThanOrEqual(3);
    for (const skill of skills) expect(checksOf(skill).length, skill).toBeGreaterThan(0);
  });

  it("attacks the retail policy rule by rule, as docs/tau-bench.md lists it", () => {
    const doc = readFileSync(`${root}docs/tau-bench.md`, "utf8");
    const start = doc.indexOf("## The policy, rule by rule");
    expect(start, "the section of docs/tau-bench.md").toBeGreaterThan(-1);
    const section = doc.slice(start, doc.indexOf("\n## ", start + 1));
    const named = new Set([...section.matchAll(/\(\.\.\/(proofs\/retail\/[\w-]+\.proof\.yaml)\)/g)].map((m) => m[1]!));
    const attacks = readdirSync(`${root}proofs/retail`).filter((f) => f.startsWith("attack-")).map((f) => `proofs/retail/${f}`);
    expect(attacks.length).toBeGreaterThanOrEqual(8);
    expect(attacks.filter((file) => !named.has(file)), "attacks the section leaves out").toEqual([]);
    for (const file of named) {
      const checks = summary.runs.find((r) => r.file === file)?.checks ?? [];
      expect(checks.length, `${file} ran`).toBeGreaterThan(0);
      expect(checks.filter((c) => !c.ok).map((c) => `${file}:${c.line} ${c.key}`)).toEqual([]);
    }
  });

  it("tells the conference trip's story with at least 22 checks, the reference story among them", () => {
    expect(checksOf("conference-trip").length).toBeGreaterThanOrEqual(22);
    expect(summary.runs.map((r) => r.file)).toContain("proofs/conference-trip/reference-story.proof.yaml");
  });
});
