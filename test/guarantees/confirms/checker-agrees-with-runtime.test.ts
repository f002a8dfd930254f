/**
 * Issue 8, property (c): the checker, the runtime and a brute force agree on small generated skills.
 * - A skill the checker accepts: over generated conversations, (a) and (b) hold and the runtime never
 *   reports an error (no "was not run: …" gate error, no step it cannot run) — a checked skill must not
 *   get there; and no way through it (brute force, repeats 0–2 times) reaches a write that no confirm
 *   covers.
 * - A skill it rejects with `ungated-write`: the path the diagnostic names (its `when` outcomes, a second
 *   pass of a `repeat`, the end of one) is a real way on which the write has no covering confirm, and
 *   the ask it names, if any, is on that way and asks a field the write depends on.
 * Coverage is the reference rule (reference-rule.ts), not the checker's code.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gateAnalysisOf } from "../../../packages/core/src/compile/compile-skill.js";
import { coveringOnWay, followsPath, waysThrough } from "./brute-force-ways.js";
import { checkedSkill, conversations, loadedSpec, runSession } from "./drive-session.js";
import { skillSpec } from "./generate-skill.js";
import { referenceDeps } from "./reference-rule.js";

const RUNS = Number(process.env.RUNS ?? 120);
/** The runs are CPU-bound and take longer the busier the machine (the suite runs three files at once): more than the default 30 s. */
const TIMEOUT_MS = 120_000;

describe("property (c): checker and runtime agree", () => {
  it("a skill the checker accepts never reaches a gate error, and (a) and (b) hold on it", () => {
    const seen = { writes: 0, sessions: 0 };
    fc.assert(
      fc.property(loadedSpec, conversations, (nodes, talks) => {
        const { skill, text } = checkedSkill(nodes);
        for (const { actions, failures } of talks) {
          const session = runSession(skill, actions, failures, {}, text);
          expect(session.stats.errors, `errors on a checked skill:\n${text}\nevents: ${session.log.join("\n")}`).toEqual([]);
          seen.writes += session.stats.writes;
          seen.sessions += 1;
        }
      }),
      { numRuns: RUNS, seed: 83 },
    );
    console.log("property (c), runtime:", JSON.stringify(seen));
    expect(seen.writes).toBeGreaterThan(RUNS * 2);
  }, TIMEOUT_MS);

  it("no way through a skill the checker accepts reaches a write without a covering confirm", () => {
    fc.assert(
      fc.property(loadedSpec, (nodes) => {
        const { skill, text } = checkedSkill(nodes);
        const deps = referenceDeps(skill, { siteRule: false });
        for (const way of waysThrough(skill)) {
          way.forEach((e, i) => {
            if (e.t !== "write") return;
            expect(coveringOnWay(way, i, deps.get(e.stepId)!), `write ${e.stepId} uncovered on a way through:\n${text}`).not.toEqual([]);
          });
        }
      }),
      { numRuns: RUNS * 3, seed: 84 },
    );
  }, TIMEOUT_MS);

  it("the path an ungated-write diagnostic names is a way on which the write has no covering confirm", () => {
    const seen = { gaps: 0, closedByAsk: 0, repeatPasses: 0 };
    fc.assert(
      fc.property(skillSpec, (nodes) => {
        const { skill, checked, text } = checkedSkill(nodes);
        if (!checked.diagnostics.some((d) => d.ruleId === "ungated-write")) return;
        const deps = referenceDeps(skill, { siteRule: false });
        const ways = waysThrough(skill);
        for (const gate of gateAnalysisOf(skill).writes) {
          if (!gate.gap) continue;
          seen.gaps += 1;
          const { path, closedBy } = gate.gap;
          if (path.some((o) => o.kind !== "when")) seen.repeatPasses += 1;
          const witness = ways.flatMap((way) => way.flatMap((e, i) => (
            e.t === "write" && e.stepId === gate.stepId && followsPath(way, i, path) && coveringOnWay(way, i, deps.get(e.stepId)!).length === 0
              ? [{ way, i }] : [])));
          expect(witness.length, `no way along ${JSON.stringify(path)} leaves ${gate.tool} (${gate.stepId}) uncovered:\n${text}`).toBeGreaterThan(0);
          if (!closedBy) continue;
          seen.closedByAsk += 1;
          expect(deps.get(gate.stepId)!.has(closedBy.field), `${gate.tool} does not depend on ${closedBy.field}:\n${text}`).toBe(true);
          const named = witness.some(({ way, i }) => way.slice(0, i).some((e, j) => e.t === "ask" && e.stepId === closedBy.askStepId
            && (!closedBy.confirmStepId || way.slice(0, j).some((c) => c.t === "confirm" && c.stepId === closedBy.confirmStepId))));
          expect(named, `the ask ${closedBy.askStepId} after confirm ${closedBy.confirmStepId} is not on a witness way:\n${text}`).toBe(true);
        }
      }),
      { numRuns: RUNS * 4, seed: 85 },
    );
    console.log("property (c), witnesses:", JSON.stringify(seen));
    expect(seen.gaps).toBeGreaterThan(RUNS / 2);
    expect(seen.closedByAsk).toBeGreaterThan(RUNS / 20);
  }, TIMEOUT_MS);
});
