/**
 * The expressions a step carries, each with its role: a `when` condition (with or without `else:`), a `switch` value, a `check:` condition,
 * a `repeat` list (its `until:`, and its `check:`), a `from:` list, a hole in a text (say, question, confirm question, check message), the value of a
 * tool input in a `do:` step's `with:`, or the `default:` of the field an ask asks. Pure.
 */
import type { Expr, Step, Template } from "../format/ir.js";

/** `until`: a `repeat … until` condition, read in the body's scope at the end of each pass. */
export type ExprRole = "condition" | "check" | "list" | "from" | "hole" | "input" | "switch" | "until" | "default";

export interface StepExpr {
  expr: Expr;
  role: ExprRole;
}

export function expressionsOf(step: Step): StepExpr[] {
  switch (step.kind) {
    case "say":
      return holes(step.text);
    case "confirm":
    case "decide":
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
      return [{ expr: step.list, role: "list" }, ...(step.until ? [{ expr: step.until.condition, role: "until" as const }] : []), ...repeatCheckExprs(step)];
    case "switch":
      return [{ expr: step.on, role: step.written === "when" ? "condition" : "switch" }];
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

/** The conditions and message holes of a repeat's `check:`, read after its passes (value-flow.ts). */
export function repeatCheckExprs(step: Extract<Step, { kind: "repeat" }>): StepExpr[] {
  return (step.checks ?? []).flatMap((c) => [{ expr: c.condition, role: "check" as const }, ...holes(c.text)]);
}

export function holes(template: Template): StepExpr[] {
  return template.parts.filter((p): p is Expr => typeof p !== "string").map((expr) => ({ expr, role: "hole" }));
}
