/**
 * "What it proved": for each write of a skill that passes the check, the confirmations and approvals
 * that gate it on every path, the checks passed before it, and its inputs with where each comes from.
 * These are the procedure's own sentences (`buildProcedure(skill).writes`, what `flow procedure` prints
 * under "Before each change"), placed at the write's line so the page can jump there. Pure.
 */
import { buildProcedure, coverageOf, type ProcedureText, type Skill } from "@skillflow/core";

export interface ProvedWrite {
  tool: string;
  /** The write's step id and line. */
  stepId: string;
  line: number;
  description?: string;
  /** Every confirm covering it (confirms stack: each is needed where it applies). */
  confirmations: ProcedureText[];
  approvals: ProcedureText[];
  checks: ProcedureText[];
  inputs: ProcedureText[];
}

export function listProved(skill: Skill): ProvedWrite[] {
  const lines = new Map(coverageOf(skill).writeGates().map((gate) => [gate.stepId, gate.pos.line]));
  return buildProcedure(skill).writes.map((w) => ({
    tool: w.tool,
    stepId: w.number,
    line: lines.get(w.number) ?? 1,
    ...(w.description ? { description: w.description } : {}),
    confirmations: w.confirmations,
    approvals: w.approvals,
    checks: w.checks,
    inputs: w.inputs,
  }));
}
