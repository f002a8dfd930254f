/**
 * One AG-UI run on a conversation the caller owns: under the server's per-thread lock (so two requests
 * for one thread are served one after the other, across processes on PostgreSQL), plan the run from
 * the open interrupt, send each event to the flow, deliver turns produced outside the chat (an
 * approval), record what the run leaves open, and stream it all as AG-UI events:
 *
 *   RUN_STARTED → per turn: TEXT_MESSAGE_* for each line, ACTIVITY_SNAPSHOT for each widget
 *   → STATE_SNAPSHOT (redacted) → RUN_FINISHED { outcome: interrupt | success }   (or RUN_ERROR)
 *
 * A run that is refused (an interrupt that is not open, a forged row key, …) ends with RUN_ERROR and
 * changes nothing.
 */
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { syncApprovals } from "../approvals/sync-approvals.js";
import { FlowInputError, type FlowInput } from "../flow-port.js";
import { sseResponse, type Emit } from "../http/sse-response.js";
import { turnLogLine } from "../log/turn-log.js";
import { newId, skillName, skillOf, toShown, tracked, type ServerContext } from "../server-context.js";
import type { ShownTurn, ThreadRecord } from "../store/serve-types.js";
import { interruptOf } from "./interrupt-of.js";
import { planRun } from "./plan-run.js";
import { stateSnapshot } from "./state-snapshot.js";
import { turnEvents } from "./turn-events.js";

/** User message ids remembered per conversation (a client re-sends its whole history every run). */
const SEEN_KEPT = 64;

/** Stream the run; the caller has checked that `caller` owns (or just claimed) the thread. */
export function streamRun(ctx: ServerContext, input: RunAgentInput): Response {
  const { threadId, runId } = input;
  return sseResponse((emit) => tracked(ctx, async () => {
    emit({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent);
    try {
      await ctx.store.db.lock.run(threadId, () => runLocked(ctx, input, emit));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.log({ at: ctx.now(), via: "agui", thread: threadId, error: message });
      emit({ type: EventType.RUN_ERROR, message: `The run failed: ${message}`, code: "internal" } as BaseEvent);
    }
  }));
}

async function runLocked(ctx: ServerContext, input: RunAgentInput, emit: Emit): Promise<void> {
  const { threadId, runId } = input;
  const thread = (await ctx.store.readThread(threadId))!;
  const plan = planRun(input, thread);
  if (!plan.ok) return void emit({ type: EventType.RUN_ERROR, message: plan.message, code: plan.code } as BaseEvent);
  const events = plan.events.length || thread.outbox.length || thread.lastTurn ? plan.events : [{ preset: {} }];
  const sent = await sendAll(ctx, threadId, events, thread.interrupt?.kind === "approval");
  const turns = [...thread.outbox, ...sent.turns];
  const shown = turns.length ? turns : thread.lastTurn ? [thread.lastTurn] : [];
  const last = shown[shown.length - 1];
  const pair = last && interruptOf(last, skillOf(ctx.flow, last.skill), thread.interrupt, plan.answered, () => newId("i"));
  const textSent = plan.messageId !== undefined && sent.turns.length === events.length;
  // A run with nothing new (a page polling while an approval waits) leaves the record as it was.
  const changed = sent.turns.length > 0 || thread.outbox.length > 0 || (pair?.open.id ?? null) !== (thread.interrupt?.id ?? null);
  if (changed) await ctx.store.writeThread(nextRecord(thread, last, pair?.open ?? null, textSent ? plan.messageId : undefined));
  // Read before anything is emitted, so the turns, the state and the end of the run leave as one chunk.
  // The turns are recorded as shown already: if the read fails they are still sent, then the failure.
  const state = sent.error ? undefined : await ctx.flow.state(threadId).then((value) => ({ value }), (error: unknown) => ({ error }));
  shown.forEach((turn, i) => {
    const skill = skillOf(ctx.flow, turn.skill);
    for (const event of turnEvents(turn, skill, i === shown.length - 1 ? pair?.wire.id : undefined)) emit(event);
  });
  if (sent.error) return void emit({ type: EventType.RUN_ERROR, message: sent.error.message, code: sent.error.code } as BaseEvent);
  if (state && "error" in state) throw state.error;
  // Several skills report the one in progress (null: none); one skill is always the flow's.
  const active = last?.skill !== undefined ? last.skill : ctx.flow.skills.length > 1 ? null : ctx.flow.skill.name;
  emit({ type: EventType.STATE_SNAPSHOT, snapshot: stateSnapshot(active, state?.value) } as BaseEvent);
  const outcome = pair ? { type: "interrupt", interrupts: [pair.wire] } : { type: "success" };
  emit({ type: EventType.RUN_FINISHED, threadId, runId, outcome, result: { done: last?.done ?? false } } as BaseEvent);
}

interface Sent {
  turns: ShownTurn[];
  error?: { code: string; message: string };
}

/** Send the events in order; stop at the first that fails (the turns before it stand). */
async function sendAll(ctx: ServerContext, threadId: string, events: FlowInput[], waitedOnApproval: boolean): Promise<Sent> {
  const turns: ShownTurn[] = [];
  let mayHaveWaiting = waitedOnApproval;
  for (const event of events) {
    const started = performance.now();
    try {
      const turn = await ctx.flow.send(threadId, event);
      ctx.log(turnLogLine({ at: ctx.now(), via: "agui", thread: threadId, skill: skillName(ctx.flow, turn), event, turn, durationMs: performance.now() - started }));
      await syncApprovals(ctx, threadId, turn, mayHaveWaiting);
      mayHaveWaiting = turn.pending?.kind === "approval";
      turns.push(toShown(turn));
    } catch (error) {
      if (!(error instanceof FlowInputError)) throw error;
      return { turns, error: { code: "bad_event", message: error.message } };
    }
  }
  return { turns };
}

function nextRecord(thread: ThreadRecord, last: ShownTurn | undefined, interrupt: ThreadRecord["interrupt"], messageId: string | undefined): ThreadRecord {
  const seen = messageId ? [...thread.seen, messageId].slice(-SEEN_KEPT) : thread.seen;
  return { ...thread, seen, interrupt, lastTurn: last ?? thread.lastTurn, outbox: [] };
}
