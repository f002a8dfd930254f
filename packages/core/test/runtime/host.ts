/**
 * A tiny in-test host loop for the pure `step`: it runs `call` effects against in-memory fakes and feeds
 * the results back until the replay stops at a person — what the LangGraph host does, minus LangGraph.
 */
import { parseSkill } from "../../src/format/parse-skill.js";
import type { Skill, ToolInfo, ToolKind } from "../../src/format/ir.js";
import { initialState } from "../../src/runtime/initial-state.js";
import { step } from "../../src/runtime/step.js";
import type { Effect, FlowEvent, FlowState, RuntimeLimits, StepResult, TraceEvent } from "../../src/runtime/types.js";
import type { ValueType } from "../../src/tools/value-type.js";

export const T = {
  str: { t: "string" } as ValueType,
  int: { t: "int" } as ValueType,
  dbl: { t: "double" } as ValueType,
  bool: { t: "bool" } as ValueType,
  list: (of: ValueType): ValueType => ({ t: "list", of }),
  obj: (fields: Record<string, ValueType>): ValueType => ({ t: "object", fields }),
};

/** A ToolInfo as the loader would derive it from a zod schema. */
export function toolInfo(
  name: string, kind: ToolKind, params: Record<string, ValueType>, output: Record<string, ValueType>,
): ToolInfo {
  const list = Object.entries(params).map(([p, type]) => ({ name: p, type, optional: false }));
  return { name, kind, params: list, output: T.obj(output) };
}

/** Parses SKILL.md text (failing on any error diagnostic) and attaches the tools. */
export function skillFrom(markdown: string, tools: ToolInfo[]): Skill {
  const { skill, diagnostics } = parseSkill(markdown, "test/SKILL.md");
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (!skill || errors.length > 0) throw new Error(`test skill does not parse: ${JSON.stringify(errors)}`);
  return { ...skill, tools: Object.fromEntries(tools.map((t) => [t.name, t])) };
}

/** A fake tool: returns the output, or throws to fail. */
export type Fake = (inputs: Record<string, unknown>, key: string) => unknown;

export interface ToolRun { tool: string; kind: ToolKind; inputs: Record<string, unknown>; key: string; instance: string }

/** What one person event produced, across all the replays the host loop ran. */
export interface Turn {
  effects: Effect[];
  trace: TraceEvent[];
  calls: ToolRun[];
  results: StepResult[];
}

export class Host {
  state: FlowState;
  /** Every tool run so far, in order. */
  readonly runs: ToolRun[] = [];

  constructor(
    readonly skill: Skill,
    readonly fakes: Record<string, Fake>,
    flowId = "flow-1",
    readonly limits?: Partial<RuntimeLimits>,
  ) {
    this.state = initialState(flowId);
  }

  /** Sends one event and runs tools until the flow waits for a person. */
  send(event: FlowEvent): Turn {
    const turn: Turn = { effects: [], trace: [], calls: [], results: [] };
    let next: FlowEvent | undefined = event;
    for (let guard = 0; next && guard < 500; guard++) {
      // Frozen: \`step\` must never change the state it is given (it would throw here).
      const result = step(this.skill, deepFreeze(this.state), next, this.limits);
      this.state = result.state;
      turn.results.push(result);
      turn.trace.push(...result.trace);
      turn.effects.push(...result.effects.filter((e) => e.type !== "call"));
      const call = result.effects.find((e): e is Extract<Effect, { type: "call" }> => e.type === "call");
      next = call ? this.run(call, turn) : undefined;
    }
    return turn;
  }

  private run(call: Extract<Effect, { type: "call" }>, turn: Turn): FlowEvent {
    const record: ToolRun = { tool: call.tool, kind: call.kind, inputs: call.inputs, key: call.key, instance: call.instance };
    this.runs.push(record);
    turn.calls.push(record);
    const fake = this.fakes[call.tool];
    try {
      if (!fake) throw new Error(`no fake for ${call.tool}`);
      const output = fake(call.inputs, call.key);
      return { type: "tool_result", tool: call.tool, key: call.key, ok: true, output, durationMs: 3 };
    } catch (error) {
      // A fake that throws an error marked `rejected` says nothing was done, as `ToolRejected` does.
      const rejected = (error as { rejected?: boolean }).rejected === true ? { rejected: true } : {};
      return { type: "tool_result", tool: call.tool, key: call.key, ok: false, ...rejected, error: (error as Error).message, durationMs: 3 };
    }
  }

  text(text: string, values?: Record<string, unknown>, reply?: string): Turn {
    return this.send({ type: "text", text, extraction: values ? { ok: true, values, reply } : undefined });
  }
  pick(field: string, value: unknown): Turn {
    return this.send({ type: "pick", field, value });
  }
  press(confirm: string, yes = true): Turn {
    return this.send({ type: "press", confirm, yes });
  }
}

/** Freezes a value and everything inside it. */
export function deepFreeze<V>(value: V): V {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The field the turn stopped at, if it stopped at an ask. */
export function asked(turn: Turn): string | undefined {
  const asks = turn.effects.filter((e) => e.type === "ask");
  return asks.length > 0 ? (asks[asks.length - 1] as Extract<Effect, { type: "ask" }>).field : undefined;
}

export const tools = (turn: Turn): string[] => turn.calls.map((c) => c.tool);
export const writes = (turn: Turn): string[] => turn.calls.filter((c) => c.kind === "write").map((c) => c.tool);
export const says = (turn: Turn): string[] => turn.effects.flatMap((e) => (e.type === "say" ? [e.text] : []));
export const refusals = (turn: Turn): string[] => turn.effects.flatMap((e) => (e.type === "refuse" ? [e.message] : []));
export const errors = (turn: Turn): string[] => turn.effects.flatMap((e) => (e.type === "error" ? [e.message] : []));
export const dropped = (turn: Turn): string[] => turn.trace.flatMap((e) => (e.type === "dropped" ? [e.field] : []));
export const cards = (turn: Turn) => turn.effects.flatMap((e) => (e.type === "confirm" ? [e.card] : []));
