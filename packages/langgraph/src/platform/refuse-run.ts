/**
 * What a chat client must not ask of a hosted skill's thread, for a deployment's auth handler
 * (`auth.on("threads:create_run", …)`): LangGraph's API lets a run write the graph's channels directly
 * (`command.update`, `command.goto`), start from an older checkpoint (`checkpoint_id`, `checkpoint`:
 * before a write was recorded `done`), and stream each node's writes (`updates`, `debug`, `tasks`,
 * `checkpoints`, `events`), which show the runtime's state with the person's secrets; and the `rollback`
 * strategy deletes the checkpoints of the run it cancels, a write's `done` record with them. Each would
 * go round the runtime — forged answers, confirmations or approvals, a write's record undone, secrets
 * read — so a run asking for one is refused; operators are let through by the handler, not here. The
 * same goes for `threads:update` (`refuseThreadUpdate`): a state update writes the channels directly;
 * only a cancel that keeps the checkpoints (`interrupt`, which the `interrupt` strategy sends) may pass.
 * Pure.
 */

/** The stream modes a chat client may ask for: the thread's messages and wait, and custom events. */
export const CHAT_STREAM_MODES: readonly string[] = ["values", "messages", "messages-tuple", "custom"];

/** Said (with HTTP 403) for a run a chat client may not make. */
export const RUN_REFUSED = "A chat client may not set the graph's state, start from an older checkpoint, roll a run back or stream the runtime's state.";
/** Said (with HTTP 403) for an assistant whose config would start its runs from another checkpoint. */
export const ASSISTANT_REFUSED = "A chat client may not make an assistant whose runs start from a checkpoint of its choosing.";
/** Said (with HTTP 403) for a change to a thread a chat client may not make. */
export const UPDATE_REFUSED = "A chat client may not change a thread's state or roll a run back.";

/**
 * The refusal for a run, or undefined when a chat client may make it. `run` is the value of the auth
 * event `threads:create_run` (its `kwargs` hold the run's command, stream modes and config).
 */
export function refuseRun(run: { kwargs?: Record<string, unknown> | null | undefined; multitask_strategy?: string | null | undefined }): string | undefined {
  const kwargs = run.kwargs ?? {};
  const command = record(kwargs.command);
  if (command && (command.update != null || command.goto != null)) return RUN_REFUSED;
  const configurable = record(record(kwargs.config)?.configurable);
  // checkpoint_id, checkpoint_map, and checkpoint_ns too: a namespace of the client's choosing starts the
  // thread's flow afresh, its ledger empty, so a write already done could run again in the same thread
  if (configurable && Object.entries(configurable).some(([key, value]) => key.startsWith("checkpoint") && value != null && value !== "")) return RUN_REFUSED;
  if (run.multitask_strategy === "rollback") return RUN_REFUSED;
  const modes = [kwargs.stream_mode ?? []].flat();
  if (modes.some((mode) => !CHAT_STREAM_MODES.includes(String(mode)))) return RUN_REFUSED;
  return undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The refusal for a change to a thread (the value of the auth event `threads:update`), or undefined for
 * a cancel that keeps what the run stored (`action: "interrupt"`).
 */
export function refuseThreadUpdate(update: { action?: string | null | undefined }): string | undefined {
  return update.action === "interrupt" ? undefined : UPDATE_REFUSED;
}

/**
 * The refusal for an assistant a chat client creates or updates (the value of the auth events
 * `assistants:create` and `assistants:update`), or undefined. The server merges an assistant's
 * `config.configurable` into every run of it after `threads:create_run` was checked, so a
 * `checkpoint_id` (or `checkpoint_map`, `checkpoint_ns`) there starts each run from a checkpoint the
 * client chose — one from before a write was recorded `done`, for the write to run again — where
 * `refuseRun` never sees it.
 */
export function refuseAssistant(assistant: { config?: unknown }): string | undefined {
  const configurable = record(record(assistant.config)?.configurable);
  if (configurable && Object.keys(configurable).some((key) => key.startsWith("checkpoint"))) return ASSISTANT_REFUSED;
  return undefined;
}
