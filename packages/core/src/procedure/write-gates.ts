/**
 * The write gate as the procedure uses it: the checker's path analysis (check/paths.ts), not a copy of
 * it, so the procedure lists exactly the confirms `flow check` and the runtime rely on. Pure.
 */
import { coverageOf } from "../compile/compile-skill.js";
import type { CoveredWrite, GateGap } from "../check/path-types.js";
import type { Skill } from "../format/ir.js";

export type { GateGap, CoveredWrite as WriteGate };

/** Every write step with its covering confirms (in step order) and, when ungated, a path with none. */
export function gateWrites(skill: Skill): readonly CoveredWrite[] {
  return coverageOf(skill).writeGates();
}
