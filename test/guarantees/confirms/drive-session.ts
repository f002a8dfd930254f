/**
 * One generated conversation: a generated skill (checked from its text; a skill the checker refuses is
 * run anyway, from its parse, to see that the runtime's gate holds on its own), a start message, then the
 * generated actions made concrete against what the session has observed.
 */
import fc from "fast-check";
import type { Skill } from "@skillflow/core";
import { checkSkillText, type CheckedSkill } from "../../../packages/core/src/loader/check-skill-text.js";
import { parseSkill } from "../../../packages/core/src/format/parse-skill.js";
import { actions, concreteEvent, type Action } from "./generate-events.js";
import { skillSpec, skillText, TOOLS, WRITES, type Node } from "./generate-skill.js";
import { Session, type SessionOptions } from "./observe-session.js";
import { placeSteps } from "./reference-rule.js";

export interface Checked { text: string; checked: CheckedSkill; skill: Skill }

const memo = new WeakMap<Node[], Checked>();

/** The skill of generated steps: checked, and the IR to run either way. */
export function checkedSkill(nodes: Node[]): Checked {
  let found = memo.get(nodes);
  if (!found) memo.set(nodes, (found = checkSkill(nodes)));
  return found;
}

const writesIn = (nodes: Node[]): number => nodes.reduce((n, node) => n + ("do" in node && WRITES.includes(node.do) ? 1 : "steps" in node ? writesIn(node.steps) : 0), 0);

/** Generated skills with writes that load (the checker accepts them). */
export const loadedSpec: fc.Arbitrary<Node[]> = skillSpec.filter((nodes) => writesIn(nodes) > 0 && checkedSkill(nodes).checked.skill !== undefined);

/** Mostly skills that load, some that the checker refuses. */
export const mixedSpec: fc.Arbitrary<Node[]> = fc.oneof({ weight: 3, arbitrary: loadedSpec }, { weight: 1, arbitrary: skillSpec });

function checkSkill(nodes: Node[]): Checked {
  const text = skillText(nodes);
  const checked = checkSkillText(text, "generated/SKILL.md", TOOLS);
  const parsed = parseSkill(text, "generated/SKILL.md").skill;
  if (!parsed) throw new Error(`a generated skill does not parse:\n${text}`);
  return { text, checked, skill: checked.skill ?? { ...parsed, tools: TOOLS } };
}

/** Three conversations per skill (parsing the skill costs more than talking to it): actions, and which writes fail. */
export const conversations = fc.array(
  fc.record({ actions, failures: fc.array(fc.nat({ max: 5 }).map((n) => n === 0), { minLength: 1, maxLength: 6 }) }),
  { minLength: 3, maxLength: 3 },
);

/** One conversation; a broken promise throws with the events so far and the skill's text. */
export function runSession(skill: Skill, acts: Action[], failures: boolean[], options: SessionOptions = {}, text = ""): Session {
  const session = new Session(skill, failures, options);
  const confirmIds = placeSteps(skill.steps).flatMap((p) => (p.step.kind === "confirm" ? [p.step.confirm] : []));
  try {
    session.send({ type: "text", text: "Hello", extraction: { ok: true, values: {} } });
    for (const act of acts) {
      const event = concreteEvent(act, session, confirmIds, session.roles);
      if (event) session.send(event);
    }
  } catch (error) {
    throw new Error(`${(error as Error).message}
${text}`);
  }
  return session;
}
