/**
 * What every semantic rule receives: the skill, its expressions, and a sink to report into.
 * A rule is `(ctx) => void`; it never throws for a bad skill and never decides to stop.
 */
import type { Position, Skill } from "../format/ir.js";
import type { SkillExpressions } from "../expr/types.js";
import type { RuleId } from "../rule-catalog.js";

export interface CheckContext {
  skill: Skill;
  exprs: SkillExpressions;
  /** Report a diagnostic: rule, where, one sentence saying what is wrong, one saying what to change. */
  report(ruleId: RuleId, pos: Position, reason: string, fix: string): void;
}

export type Rule = (ctx: CheckContext) => void;
