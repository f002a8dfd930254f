/**
 * The write gate's results, as data shared by `flow check`, the runtime and `flow procedure`.
 * See docs/design.md, "What a confirm covers".
 */
import type { Position } from "../format/ir.js";
import type { DependencyReason } from "./dependencies.js";

/** One decision on a path: a `when` outcome, or how a `repeat` was passed. */
export type PathOutcome =
  | { kind: "when"; stepId: string; pos: Position; condition: string; value: boolean }
  /** A second or later iteration of a `repeat` (what an earlier iteration asked may change the write). */
  | { kind: "repeat-again"; stepId: string; pos: Position }
  /** Leaving a `repeat` whose own confirm covered the iteration: the region ends with the loop. */
  | { kind: "after-repeat"; stepId: string; pos: Position; confirmStepId: string; confirm: string }
  /** A pass of a `repeat … until`: it starts with no confirm open (one above the loop covers none of its writes). */
  | { kind: "until-pass"; stepId: string; pos: Position };

/**
 * Why a region was closed on the witness path: an ask, after the confirm, of a field the write depends
 * on (`reason` says how: it takes the field, or takes a value computed from it, or sits in a `when`
 * that reads it).
 */
export interface ClosedByAsk {
  /** An ask of a field the write depends on, or an earlier write whose output it depends on (`field` is then `@tool`). */
  by: "ask" | "write";
  askStepId: string;
  askPos: Position;
  field: string;
  reason: DependencyReason;
  /** The confirm whose region the ask ends (absent when the path had none before the ask). */
  confirmStepId?: string;
  confirmPos?: Position;
  confirm?: string;
}

/** A path that reaches a write with no confirmation region open. */
export interface GateGap {
  /** The decisions that lead there, in path order; empty when every path does. */
  path: PathOutcome[];
  /** Further `when` outcomes on that path, counted but not kept (a long path is named by its first ones). */
  omitted?: number;
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
   * The asks (step ids, in step order) of fields the write depends on that may run between this
   * confirm and the write: it covers the write exactly on the paths that run none of them (on a later
   * iteration of a `repeat`, one run on an earlier iteration counts). Absent when it covers the write on
   * every path that runs both.
   */
  endedBy?: string[];
}

/** The forward pass's verdict on one write. */
export interface WriteGate {
  /** The `do` step's id. */
  stepId: string;
  tool: string;
  pos: Position;
  /** True when every path to the write has a confirm whose region still covers it. */
  gated: boolean;
  /** One path with no confirm covering the write, when it is not gated. */
  gap?: GateGap;
}

export interface GateAnalysis {
  /** Every write step, in step order. */
  writes: WriteGate[];
}

/** A write with every confirm that may cover it (from the coverage walks, check/coverage.ts). */
export interface CoveredWrite extends WriteGate {
  /** Every confirm whose region reaches the write on some path, in step order. */
  confirms: CoveringConfirm[];
}
