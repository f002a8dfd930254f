/**
 * "The card as it would be rendered now", observed rather than recomputed: on a throwaway copy of the
 * state, the yes (or approval) held for one confirm is taken away and the steps are replayed until the
 * replay stops at that confirm and shows its card (or files a request with it). The replay is started by
 * a tool result for no tool, which changes nothing (no turn, no answer); tools run on fakes. When it
 * stops first at another confirm without a yes (after a failed write the person's yes is asked again,
 * while a later approval is still held), the probe gives that one a yes for the card it shows and goes
 * on. Pure over its inputs.
 */
import type { Card, Effect, FlowEvent, FlowState, Skill, TraceEvent } from "@skillflow/core";
import { step } from "../../../packages/core/src/runtime/step.js";
import type { Fake } from "../../../packages/core/test/runtime/host.js";
import { placeSteps } from "./reference-rule.js";

export type CardNow =
  | { kind: "card"; card: Card }
  /** The replay passed the confirm without its yes: the writes its card lists (none, or all) have completed. */
  | { kind: "passed" }
  /** The replay stopped elsewhere (an error, a question before the confirm, the end). */
  | { kind: "elsewhere"; effects: Effect[] };

const NOTHING: FlowEvent = { type: "tool_result", tool: "__probe__", key: "__probe__", ok: true, durationMs: 0 };

/** The card of the confirm stored under `key` (`c2` or `c2@5:R1`), as a replay of `state` would show it now. */
export function cardNow(skill: Skill, state: FlowState, key: string, tools: Record<string, Fake>): CardNow {
  let current: FlowState = structuredClone(state);
  delete current.confirmations[key];
  const [confirm, scope] = key.includes("@") ? [key.slice(0, key.indexOf("@")), key.slice(key.indexOf("@") + 1)] : [key, ""];
  const id = placeSteps(skill.steps).find((p) => p.step.kind === "confirm" && p.step.confirm === confirm)?.step.id;
  const traced = scope ? `${id}@${scope}` : id;
  let next: FlowEvent = NOTHING;
  for (let guard = 0; guard < 200; guard++) {
    const result = step(skill, current, next);
    current = result.state;
    const call = result.effects.find((e): e is Extract<Effect, { type: "call" }> => e.type === "call");
    if (call) {
      next = { type: "tool_result", tool: call.tool, key: call.key, ok: true, output: tools[call.tool]!(call.inputs, call.key), durationMs: 0 };
      continue;
    }
    if (passed(result.trace, traced)) return { kind: "passed" };
    // A replay that stopped at an error (a skill the checker would refuse reads a value it cannot have)
    // leaves the earlier pending in place: it did not reach the confirm.
    if (result.effects.some((e) => e.type === "error")) return { kind: "elsewhere", effects: result.effects };
    const other = current.pending;
    if (other?.kind === "confirm" && other.key === key) return { kind: "card", card: other.card };
    if (other?.kind === "approval" && other.key === key) return { kind: "card", card: current.approvals[other.requestId]!.card };
    if (other?.kind !== "confirm" && other?.kind !== "approval") return { kind: "elsewhere", effects: result.effects };
    const digest = other.kind === "confirm" ? other.card.digest : current.approvals[other.requestId]!.card.digest;
    current.confirmations[other.key] = { key: other.key, confirm: other.confirm, answer: "yes", digest, by: other.kind === "confirm" ? "user" : "approval", turn: current.turn };
    next = NOTHING;
  }
  throw new Error(`the probe for ${key} did not stop`);
}

/** Passed without a yes: every write on its card has completed, or (an approval) its card lists none now. */
const passed = (trace: TraceEvent[], traced: string | undefined) =>
  trace.some((r) => r.type === "step" && r.stepId === traced && (r.outcome === "all writes done" || r.outcome === "covers nothing here"));
