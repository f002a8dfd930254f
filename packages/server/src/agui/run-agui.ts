/**
 * One AG-UI run on a conversation the caller owns: under the server's per-thread lock (so two requests
 * for one thread are served one after the other, across processes on PostgreSQL), plan the run from
 * the open interrupt, send each event to the flow, deliver turns produced outside the chat (an
 * approval), record what the run leaves open, and stream it all as AG-UI events:
 *
 *   RUN_STARTED → per turn: TEXT_MESSAGE_* for each line, ACTIVITY_SNAPSHOT for each widget
 *   → STATE_SNAPSHOT (redacted) → RUN_FINISHED { outcome: interrupt | success, result: { done, handedOff?, ended? } }
 *   (or RUN_ERROR)
 *
 * A run that is refused (an interrupt that is not open, a forged row key, …) ends with RUN_ERROR and
 * changes nothing. An A2UI action (`forwardedProps.a2uiAction`) is one more resume entry; with
 * `ui: "a2ui"` the widgets go out as A2UI surfaces (a2ui/).
 */
import { shortenNames } from "@skillflow/core/text";
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import type { FlowState } from "@skillflow/core";
import { withA2uiAction } from "../a2ui/action-to-resume.js";
import type { WidgetForm } from "../a2ui/widget-form.js";
import { syncApprovals } from "../approvals/sync-approvals.js";
import { FlowInputError, type FlowInput, type LockHold } from "../flow-port.js";
import { sseResponse, type Emit } from "../http/sse-response.js";
import { turnLogLine } from "../log/turn-log.js";
import { newId, skillName, skillOf, toShown, tracked, type ServerContext } from "../server-context.js";
import type { ShownTurn, ThreadRecord } from "../store/serve-types.js";
import { interruptOf } from "./interrupt-of.js";
import { eventIdOf, ownTurns, recordedRun, runDigest, withRun, type RunRecord } from "../runs/run-journal.js";
import { planRun } from "./plan-run.js";
import { stateSnapshot } from "./state-snapshot.js";
import { turnEvents } from "./turn-events.js";

/** User message ids remembered per conversation (a client re-sends its whole history every run). */
const SEEN_KEPT = 64;

/** Stream the run of `owner`, who owns (or just claimed) the thread; the run checks it again under the lock. */
export function streamRun(ctx: ServerContext, input: RunAgentInput, ui: WidgetForm, owner: string): Response {
  const { threadId, runId } = input;
  return sseResponse((emit) => tracked(ctx, async () => {
    emit({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent);
    try {
      await ctx.store.db.lock.run(threadId, (hold) => runLocked(ctx, input, emit, ui, owner, hold));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.log({ at: ctx.now(), via: "agui", thread: threadId, error: message });
      emit(runError(`The run failed: ${message}`, "internal"));
    }
  }));
}

/** A run's end with an error: its sentence with long names cut (`shortenNames`: a 100 KB thread id is not echoed whole). */
function runError(message: string, code: string): BaseEvent {
  return { type: EventType.RUN_ERROR, message: shortenNames(message), code } as BaseEvent;
}

/** `hold`: the conversation's lock as this run holds it, given to each send (which runs inside it). */
async function runLocked(ctx: ServerContext, input: RunAgentInput, emit: Emit, ui: WidgetForm, owner: string, hold: LockHold | undefined): Promise<void> {
  const { threadId, runId } = input;
  const thread = await ctx.store.readThread(threadId);
  // Claimed before the run, so missing only when its row was deleted by hand since (the next run claims
  // it anew), and another owner's only when someone else claimed it after that.
  if (!thread) return void emit(runError(`The conversation ${threadId} has no record any more (it was deleted); send again to start it anew.`, "gone"));
  if (thread.owner !== owner) return void emit(runError(`No conversation ${threadId}.`, "not_found"));
  const acted = withA2uiAction(input, thread.interrupt);
  if (!acted.ok) return void emit(runError(acted.message, acted.code));
  // A retry of a run that finished (the same runId and input) gets that run's answer again.
  const digest = runDigest(acted.input);
  const known = recordedRun(thread.runs, runId, digest);
  if (known) return void known.events.forEach(emit);
  const plan = planRun(acted.input, thread);
  if (!plan.ok) return void emit(runError(plan.message, plan.code));
  const events = plan.events.length || thread.outbox.length || thread.lastTurn ? plan.events : [{ preset: {} }];
  const sent = await sendAll(ctx, threadId, events, thread.interrupt?.kind === "approval", (i) => eventIdOf(runId, digest, i), hold, thread.lastTurn);
  const turns = [...thread.outbox, ...sent.turns];
  const shown = turns.length ? turns : thread.lastTurn ? [thread.lastTurn] : [];
  const last = shown[shown.length - 1];
  const pair = last && interruptOf(last, skillOf(ctx.flow, last.skill), thread.interrupt, plan.answered, () => newId("i"));
  const textSent = plan.messageId !== undefined && sent.count === events.length;
  // Before anything is emitted, so the turns, the state and the end of the run leave as one chunk: as
  // the last event's turn left it (the lock is held, so nothing ran since), or read when none was sent.
  const state = sent.error ? undefined : "state" in sent ? { value: sent.state } : await ctx.flow.state(threadId).then((value) => ({ value }), (error: unknown) => ({ error }));
  const answer = shown.flatMap((turn, i) => turnEvents(turn, skillOf(ctx.flow, turn.skill), i === shown.length - 1 ? pair?.wire.id : undefined, ui));
  if (sent.error) answer.push(runError(sent.error.message, sent.error.code));
  else if (state && !("error" in state)) {
    // Several skills report the one in progress (null: none); one skill is always the flow's.
    const active = last?.skill !== undefined ? last.skill : ctx.flow.skills.length > 1 ? null : ctx.flow.skill.name;
    const outcome = pair ? { type: "interrupt", interrupts: [pair.wire] } : { type: "success" };
    answer.push({ type: EventType.STATE_SNAPSHOT, snapshot: stateSnapshot(active, state.value) } as BaseEvent);
    // A conversation handed to a person says so at the end of every run, so the embedding routes the thread to them.
    const handedOff = state.value?.handedOff ? { handedOff: { tool: state.value.handedOff.tool } } : {};
    // A conversation that reached an `end` names its outcome at the end of every run, as a hand-off does.
    const ended = state.value?.ended ? { ended: { outcome: state.value.ended.outcome, status: state.value.ended.status } } : {};
    answer.push({ type: EventType.RUN_FINISHED, threadId, runId, outcome, result: { done: last?.done ?? false, ...handedOff, ...ended } } as BaseEvent);
  }
  // A run with nothing new (a page polling while an approval waits) leaves the record as it was. The
  // turns are recorded as shown even when the state read failed (they are sent, then the failure).
  const changed = sent.turns.length > 0 || thread.outbox.length > 0 || (pair?.open.id ?? null) !== (thread.interrupt?.id ?? null);
  const finished = plan.events.length > 0 && !(state && "error" in state) ? { id: runId, input: digest, events: answer } : undefined;
  if (changed) await ctx.store.writeThread(nextRecord(thread, last, pair?.open ?? null, textSent ? plan.messageId : undefined, finished));
  answer.forEach(emit);
  if (state && "error" in state) throw state.error;
}

interface Sent {
  /** The turns to show: each event's own (runs/run-journal.ts `ownTurns`). */
  turns: ShownTurn[];
  /** How many events the flow took (applied, or already applied by an earlier attempt). */
  count: number;
  error?: { code: string; message: string };
  /** The conversation's state as the last event's turn left it (present when an event was taken). */
  state?: FlowState | undefined;
}

/** Send the events in order, each with its id; stop at the first that fails (the turns before it stand). */
async function sendAll(ctx: ServerContext, threadId: string, events: FlowInput[], waitedOnApproval: boolean, idOf: (i: number) => string, hold: LockHold | undefined, lastShown: ShownTurn | null): Promise<Sent> {
  const taken: Array<{ shown: ShownTurn; repeated: boolean; state: FlowState | undefined }> = [];
  const done = (error?: Sent["error"]): Sent => ({
    turns: ownTurns(taken).map((t) => t.shown), count: taken.length, ...(error && { error }), ...(taken.length && { state: taken[taken.length - 1]!.state }),
  });
  let mayHaveWaiting = waitedOnApproval;
  for (const [i, event] of events.entries()) {
    const started = performance.now();
    try {
      const turn = await ctx.flow.send(threadId, event, { eventId: idOf(i), withState: true, hold });
      ctx.log(turnLogLine({ at: ctx.now(), via: "agui", thread: threadId, skill: skillName(ctx.flow, turn), event, turn, durationMs: performance.now() - started }));
      await syncApprovals(ctx, threadId, turn, mayHaveWaiting);
      mayHaveWaiting = turn.pending?.kind === "approval";
      const said = { flow: ctx.flow, fromText: "text" in event };
      taken.push({ shown: toShown(turn, taken.length ? taken[taken.length - 1]!.shown : lastShown, said), repeated: turn.repeated === true, state: turn.state });
    } catch (error) {
      if (!(error instanceof FlowInputError)) throw error;
      return done({ code: "bad_event", message: error.message });
    }
  }
  return done();
}

function nextRecord(thread: ThreadRecord, last: ShownTurn | undefined, interrupt: ThreadRecord["interrupt"], messageId: string | undefined, run: RunRecord | undefined): ThreadRecord {
  const seen = messageId ? [...thread.seen, messageId].slice(-SEEN_KEPT) : thread.seen;
  return { ...thread, seen, interrupt, lastTurn: last ?? thread.lastTurn, outbox: [], runs: run ? withRun(thread.runs, run) : thread.runs };
}
