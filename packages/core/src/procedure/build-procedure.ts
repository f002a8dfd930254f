/**
 * `buildProcedure(skill)`: the procedure as data, from the Skill IR alone (no model, no I/O). Both
 * renderers read this, so the Markdown and the HTML page say the same thing. Pure and deterministic.
 */
import type { Skill } from "../format/ir.js";
import type { Procedure } from "./model.js";
import { listFields } from "./list-fields.js";
import { listLimits } from "./list-limits.js";
import { listValues } from "./list-values.js";
import { listSteps } from "./list-steps.js";
import { listWays } from "./list-ways.js";
import { listWrites } from "./list-writes.js";
import { demoteHeadings } from "./prepare-prose.js";
import { placeSteps } from "./walk-steps.js";
import { gateWrites } from "./write-gates.js";

/** The whole procedure of a loaded skill. */
export function buildProcedure(skill: Skill): Procedure {
  const gates = gateWrites(skill);
  const limits = listLimits(skill);
  const values = listValues(skill);
  return {
    title: skill.title || skill.name,
    name: skill.name,
    description: skill.description.trim(),
    prose: demoteHeadings(skill.prose.trim()),
    fields: listFields(skill),
    ...(values && { values }),
    steps: listSteps(skill),
    ways: listWays(skill),
    writes: listWrites(skill, gates),
    handsOver: placeSteps(skill.steps).some((p) => p.step.kind === "handoff"),
    ...(limits && { limits }),
  };
}
