/**
 * The expressions a step carries, each with its role: a `when` condition, a `check:` condition,
 * a `repeat` list, a `from:` list, a hole in a text (say, question, confirm question, check message), or the value of a
 * tool input in a `do:` step's `with:`, or the `default:` of the field an ask asks. Pure.
 */
import type { Expr, Step, Template } from "../format/ir.js";

export type ExprRole = "condition" | "check" | "list" | "from" | "hole" | "input" | "default";

export interface StepExpr {
  expr: Expr;
  role: ExprRole;
}

export function expressionsOf(step: Step): StepExpr[] {
  switch (step.kind) {
    case "say":
      return holes(step.text);
    case "confirm":
      return holes(step.question);
    case "ask":
      return [
        ...holes(step.question),
        ...(step.from ? [{ expr: step.from, role: "from" as const }] : []),
        ...(step.default ? [{ expr: step.default, role: "default" as const }] : []),
        ...step.checks.flatMap((c) => [{ expr: c.condition, role: "check" as const }, ...holes(c.text)]),
      ];
    case "when":
      return [{ expr: step.condition, role: "condition" }];
    case "repeat":
      return [{ expr: step.list, role: "list" }];
    case "do":
      return [...(step.with ?? []).map((b) => ({ expr: b.value, role: "input" as const })), ...(step.card ? holes(step.card) : [])];
    case "handoff":
      return [...(step.with ?? []).map((b) => ({ expr: b.value, role: "input" as const })), ...holes(step.tell)];
    case "end":
      return holes(step.tell);
    default:
      return [];
  }
}

export function holes(template: Template): StepExpr[] {
  return template.parts.filter((p): p is Expr => typeof p !== "string").map((expr) => ({ expr, role: "hole" }));
}
