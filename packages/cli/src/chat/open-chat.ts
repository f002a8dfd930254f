/**
 * Everything `flow chat` needs before the first line: the skills (checked like `flow check`), the model
 * (`--model`, or the default with its notice), the conversation store (`--db`, default a SQLite file
 * under the working folder) and the flow — hosting one skill, or every skill of a folder. Each failure
 * is one clear message and an exit code — a bad path or `--model`/`--db` exits 2, a skill that does not
 * load prints its diagnostics and exits 1.
 */
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { shownPath, type Skill } from "@skillflow/core";
import type { Flow } from "@skillflow/langgraph";
import { loadHost, type Host } from "../load-host.js";
import { EXIT, type CliIo } from "../io.js";
import { loadChatSkills } from "./load-chat-skills.js";

/** Where conversations are kept when `--db` is not given, relative to the working folder. */
export const DEFAULT_DB = ".flow/chat.sqlite";

export interface ChatOptions {
  model?: string;
  db?: string;
  thread?: string;
  /** The person at the keyboard is the operator: `/approve` and `/deny` give approvals. */
  operator?: boolean;
}

export interface ChatSession {
  flow: Flow;
  /** The hosted skills: one, or several routed by what the person asks. */
  skills: Skill[];
  /** The model port's id (`offline`, `gemini:gemini-2.5-flash`…) and the notice to print, if any. */
  model: { id: string; notice?: string };
  /** The store, as shown to the person (a path relative to the working folder, or the URL without password). */
  store: string;
  threadId: string;
  /** Whether the store outlives the process (false for `--db memory`). */
  durable: boolean;
  /** Whether `--thread` named the conversation (else a new id was made). */
  threadGiven: boolean;
  /** Started with `--operator`: approvals may be given from this terminal. */
  operator: boolean;
  close(): Promise<void>;
}

export type OpenedChat = { ok: true; session: ChatSession } | { ok: false; exitCode: number };

type Step<T> = { ok: true; value: T } | { ok: false; message: string; exitCode: number; error: unknown };

/** Open the chat for `target` (a skill folder, SKILL.md, or a folder of skills). Prints failures. */
export async function openChat(target: string, options: ChatOptions, io: CliIo): Promise<OpenedChat> {
  const fail = (message: string, exitCode: number): OpenedChat => {
    io.stderr.write(`flow chat: ${message}\n`);
    return { ok: false, exitCode };
  };
  // LangGraph takes most of the start-up: import it while the skills load.
  const host = loadHost();
  host.catch(() => undefined);
  const loaded = await loadChatSkills(target, io);
  if (!loaded.ok) return "message" in loaded ? fail(loaded.message, EXIT.usage) : { ok: false, exitCode: EXIT.failed };
  const lg = await host;
  const model = await openModel(lg, options.model, io.env);
  if (!model.ok) return fail(model.message, model.exitCode);
  const store = await openStore(lg, storeUrl(options.db, io.cwd));
  if (!store.ok) return fail(store.message, store.exitCode);
  const hosted = loaded.skills.length === 1 ? loaded.skills[0]! : { skills: loaded.skills };
  const flow = await attempt(() => lg.createFlow({ ...hosted, model: model.value, store: store.value }), EXIT.failed);
  if (!flow.ok) {
    await store.value.close();
    return fail(flow.message, flow.exitCode);
  }
  const threadId = options.thread?.trim();
  const session: ChatSession = {
    flow: flow.value,
    skills: loaded.skills.map((s) => s.skill),
    model: { id: model.value.id, ...(model.value.notice && { notice: model.value.notice }) },
    store: store.value.kind === "sqlite" ? shownPath(store.value.location, io.cwd) : store.value.location,
    threadId: threadId || newThreadId(),
    durable: store.value.kind !== "memory",
    threadGiven: Boolean(threadId),
    operator: Boolean(options.operator),
    close: () => store.value.close(),
  };
  return { ok: true, session };
}

/** The `--model` port; an unknown or unusable one is a usage error. */
function openModel(lg: Host, spec: string | undefined, env: CliIo["env"]) {
  return attempt(() => lg.resolveModel(spec, env), EXIT.usage, lg.isModelSetupError);
}

/** The `--db` store; a malformed URL is a usage error, a store that does not open a failure. */
async function openStore(lg: Host, url: string) {
  const opened = await attempt(() => lg.openCheckpointer(url), EXIT.failed, (e) => e instanceof lg.PersistenceError);
  const badUrl = !opened.ok && (opened.error as { code?: unknown }).code === "bad-url";
  return badUrl ? { ...opened, exitCode: EXIT.usage } : opened;
}

/** Run `work`; an error (of the expected kind, when `expected` is given) becomes its message. */
async function attempt<T>(work: () => Promise<T>, exitCode: number, expected?: (error: unknown) => boolean): Promise<Step<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (expected && !expected(error)) throw error;
    return { ok: false, message: error instanceof Error ? error.message : String(error), exitCode, error };
  }
}

/**
 * The store URL for `--db`: the default SQLite file when absent; a path (bare or `sqlite:PATH`) made
 * absolute against the working folder; anything else (`postgres://…`, `memory`) as given. Pure.
 */
export function storeUrl(db: string | undefined, cwd: string): string {
  const text = db?.trim() || DEFAULT_DB;
  const sqlite = /^sqlite:(?:\/\/)?(.+)$/i.exec(text);
  if (sqlite) return `sqlite:${resolve(cwd, sqlite[1]!)}`;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[a-z]:[\\/]/i.test(text);
  if (hasScheme || text === "memory") return text;
  return resolve(cwd, text);
}

/** A new conversation id: 12 hex digits, short enough to type after `--thread`. */
export function newThreadId(): string {
  return randomBytes(6).toString("hex");
}
