/**
 * The write gate's results, as data shared by `flow check`, the runtime and `flow procedure`.
 * See docs/design.md, "Paths and the write gate".
 */
import type { Position } from "../format/ir.js";

/** One decision on a path: a `when` outcome, or how a `repeat` was passed. */
export type PathOutcome =
  | { kind: "when"; stepId: string; pos: Position; condition: string; value: boolean }
  /** A second or later iteration of a `repeat` (what an earlier iteration did no longer covers it). */
  | { kind: "repeat-again"; stepId: string; pos: Position }
  /** Leaving a `repeat` whose own confirm covered the iteration: the region ends with the loop. */
  | { kind: "after-repeat"; stepId: string; pos: Position; confirmStepId: string; confirm: string };

/** Why a region was closed on the witness path: an ask between the confirm and the write. */
export interface ClosedByAsk {
  askStepId: string;
  askPos: Position;
  field: string;
  confirmStepId: string;
  confirmPos: Position;
  confirm: string;
}

/** A path that reaches a write with no confirmation region open. */
export interface GateGap {
  /** The decisions that lead there, in path order; empty when every path does. */
  path: PathOutcome[];
  closedBy?: ClosedByAsk;
}

export interface CoveringConfirm {
  /** The confirmation's id (`pay`). */
  id: string;
  stepId: string;
  pos: Position;
  /** The approval role, for a `confirm … by:`. */
  by?: string;
  /**
   * The asks and confirms (step ids, in step order) that, had one run between this confirm and the
   * write, would have ended its region: it covers the write exactly on the paths that run none of them
   * (on a later iteration of a `repeat`, one run on an earlier iteration counts). Absent when it covers
   * the write on every path that runs both.
   */
  endedBy?: string[];
}

export interface WriteGate {
  /** The `do` step's id. */
  stepId: string;
  tool: string;
  pos: Position;
  /** True when every path to the write passes a confirm whose region is still open. */
  gated: boolean;
  /** Every confirm whose region reaches the write on some path, in step order. */
  confirms: CoveringConfirm[];
  /** The same, as step ids. */
  confirmStepIds: string[];
  /** One path with no confirm, when the write is not gated. */
  gap?: GateGap;
  /** Write steps that may run before this one in the same region (their outputs are unknown at the card). */
  earlierInRegion: string[];
}

export interface GateAnalysis {
  /** Every write step, in step order. */
  writes: WriteGate[];
  /** For each confirm step id: the write step ids its region covers (possibly none), in step order. */
  regions: Map<string, string[]>;
}
