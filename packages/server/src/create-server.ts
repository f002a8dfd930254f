/**
 * `createSkillflowServer(options)`: the chat backend as a library. It opens the flow (one skill or
 * several, routed as in `createFlow`), the conversation store and the server's own tables on the same
 * database, and returns fetch-style handlers — `agui`, `approvals`, `sessions`, `pages` and `fetch` (all
 * of them) — plus the same routes as a Hono app, so a team mounts them in the backend it already has.
 */
import { Hono } from "hono";
import type { Flow } from "./flow-port.js";
import { createFlow, MIN_CONNECTIONS, openCheckpointer, PersistenceError, type CreateFlowOptions, type FlowSkillSource, type Persistence } from "./flow-port.js";
import { answerApproval, listApprovals, signInApprover } from "./approvals/handle-approvals.js";
import { approverDirectory, type ApproverDirectory } from "./approvals/approvers.js";
import { handleAgui } from "./agui/handle-agui.js";
import { createStartGate } from "./agui/start-gate.js";
import type { AuthMode } from "./auth/identify.js";
import { json, problem } from "./http/respond.js";
import { servePage } from "./page/serve-page.js";
import { admitted, newId, type ServerContext } from "./server-context.js";
import { openServeStore } from "./store/open-serve-store.js";
import type { AuditEntry } from "./store/serve-types.js";

export type FetchHandler = (request: Request) => Promise<Response>;

export interface SkillflowServerOptions {
  /** The skills to host: paths or loaded skills (one is the one-skill case). */
  skills: FlowSkillSource[];
  model: CreateFlowOptions["model"];
  /** Where conversations and the server's tables are kept: a SQLite path, `postgres://…`, or memory (default). */
  db?: string | undefined;
  /** `session` (default): session cookie or bearer token per caller. `none`: one local caller (localhost only; the CLI enforces it). */
  auth?: AuthMode | undefined;
  /** The verified approvers (see approvers.ts); default none. */
  approvers?: ApproverDirectory | undefined;
  /** Largest request body, in bytes (default 256 KiB). */
  bodyLimit?: number | undefined;
  /** The clock, for tools and the server's timestamps (default the real clock). */
  now?: string | (() => string) | undefined;
  /** Where the per-turn JSON lines go (default nowhere). */
  log?: ((line: string) => void) | undefined;
  /** `same-origin`: the pages may be shown in a frame by pages of the same origin (the Studio's Flow page); default `none`. */
  framing?: "none" | "same-origin" | undefined;
  /**
   * On PostgreSQL, the most connections the server opens (default 30, so three processes fit under
   * PostgreSQL's default `max_connections` of 100): a quarter for its own tables' queries, the rest for
   * the conversations' store (a third of that for statements, the others for the locks a run holds). A
   * run holds one lock connection for its whole length, so about half this many runs go at once and the
   * next waits for a connection. Size it so every process fits under `max_connections`.
   */
  maxConnections?: number | undefined;
  /** More createFlow options (limits, durability, failures). */
  flow?: Partial<Omit<CreateFlowOptions, "skill" | "skills" | "model" | "store">> | undefined;
}

export interface SkillflowServer {
  /** POST: AG-UI RunAgentInput → SSE. */
  agui: FetchHandler;
  /** GET /approvals, POST /approvals/:id, POST /approvals/session. */
  approvals: FetchHandler;
  /** POST /sessions: a bearer token for an API caller. */
  sessions: FetchHandler;
  /** Every route (the chat page, /approve, /healthz, /agui, /approvals, /sessions). */
  fetch: FetchHandler;
  app: Hono;
  flow: Flow;
  /** The audit of one approval request: who answered, when, and the card digest they answered. */
  audit(approvalId: string): Promise<AuditEntry[]>;
  /** Stop taking runs, wait for running ones to finish (at most `timeoutMs`), then close the stores. */
  shutdown(timeoutMs?: number): Promise<void>;
  readonly inflight: number;
}

const DEFAULT_BODY_LIMIT = 256 * 1024;
/**
 * The server's PostgreSQL connections by default: 23 for the conversations (7 for statements, 16 for
 * locks), 7 for its tables — three processes fit under PostgreSQL's default max_connections (100).
 */
const DEFAULT_SERVER_CONNECTIONS = 30;
/** The fewest: the conversations' store's three (two for statements, one lock) and one for its tables. */
const MIN_SERVER_CONNECTIONS = MIN_CONNECTIONS + 1;

export async function createSkillflowServer(options: SkillflowServerOptions): Promise<SkillflowServer> {
  const connections = splitConnections(options.maxConnections);
  const persistence = await openCheckpointer(options.db, { maxConnections: connections.flow });
  const opened = await openRest(options, persistence, connections.serve);
  const { flow, store } = opened;
  const clock = options.now;
  const now = typeof clock === "function" ? clock : typeof clock === "string" ? () => clock : () => new Date().toISOString();
  const logLine = options.log;
  const ctx: ServerContext = {
    flow, store, now,
    approvers: options.approvers ?? approverDirectory({ approvers: {} }),
    log: (line) => logLine?.(JSON.stringify(line)),
    framing: options.framing ?? "none",
    startGate: createStartGate(),
    inflight: { count: 0, draining: false },
  };
  const auth = options.auth ?? "session";
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = buildApp(ctx, auth, limit);
  const agui: FetchHandler = (request) => handleAgui(ctx, request, auth, limit);
  const sessions: FetchHandler = (request) => createCallerSession(ctx, request);
  const approvalRoutes = buildApprovalsApp(ctx, limit);
  const approvals: FetchHandler = async (request) => approvalRoutes.fetch(request);
  let closing: Promise<void> | undefined;
  return {
    agui, approvals, sessions, app, flow,
    fetch: async (request) => app.fetch(request),
    audit: (approvalId) => store.auditOf(approvalId),
    get inflight() { return ctx.inflight.count; },
    shutdown: (timeoutMs = 30_000) => (closing ??= drain(ctx, timeoutMs).then(async () => {
      await store.close();
      await persistence.close();
    })),
  };
}

async function openRest(options: SkillflowServerOptions, persistence: Persistence, maxConnections: number | undefined) {
  try {
    // A list of one is the one-skill case (createFlow hosts it exactly as `skill`).
    const now = options.now;
    const flow = await createFlow({ ...options.flow, skills: options.skills, model: options.model, store: persistence, ...(now !== undefined && { now }) });
    // Its records are kept under the conversations' lock: a run holds one, and each send inside re-enters it.
    const store = await openServeStore(options.db, maxConnections, persistence.lock);
    return { flow, store };
  } catch (error) {
    await persistence.close().catch(() => undefined);
    throw error;
  }
}

/** The server's connections: a quarter (at least one) to its own tables' queries, the rest to the conversations' store. */
function splitConnections(max: number | undefined): { flow: number; serve: number } {
  if (max === undefined) return splitConnections(DEFAULT_SERVER_CONNECTIONS);
  if (!Number.isSafeInteger(max) || max < MIN_SERVER_CONNECTIONS) {
    throw new PersistenceError(
      `The server needs at least ${MIN_SERVER_CONNECTIONS} PostgreSQL connections (${MIN_CONNECTIONS} for the conversations, 1 for its own tables): maxConnections ${JSON.stringify(max)} is not a whole number of at least ${MIN_SERVER_CONNECTIONS}.`,
      "bad-max-connections",
    );
  }
  const serve = Math.max(1, Math.floor(max / 4));
  return { flow: max - serve, serve };
}

function buildApp(ctx: ServerContext, auth: AuthMode, limit: number): Hono {
  const app = new Hono();
  app.get("/healthz", (c) => c.json({ ok: !ctx.inflight.draining, skills: ctx.flow.skills.map((s) => s.name), running: ctx.inflight.count }, ctx.inflight.draining ? 503 : 200));
  app.post("/agui", (c) => handleAgui(ctx, c.req.raw, auth, limit));
  app.post("/sessions", (c) => createCallerSession(ctx, c.req.raw));
  app.route("/", buildApprovalsApp(ctx, limit));
  // Every route but /healthz reads or writes the stores: refused once shutdown began, else waited for.
  app.get("/", (c) => admitted(ctx, () => servePage(ctx, c.req.raw, "chat", auth)));
  app.get("/approve", (c) => admitted(ctx, () => servePage(ctx, c.req.raw, "approve", auth)));
  app.get("/page/:file", (c) => admitted(ctx, () => servePage(ctx, c.req.raw, c.req.param("file"), auth)));
  app.notFound((c) => problem(404, `No route ${c.req.method} ${new URL(c.req.url).pathname}.`));
  app.onError((error) => problem(500, `The server failed: ${error.message}`));
  return app;
}

/** The approver's routes alone (the `approvals` handler). */
function buildApprovalsApp(ctx: ServerContext, limit: number): Hono {
  const app = new Hono();
  app.post("/approvals/session", (c) => admitted(ctx, () => signInApprover(ctx, c.req.raw, limit)));
  app.get("/approvals", (c) => admitted(ctx, () => listApprovals(ctx, c.req.raw)));
  app.post("/approvals/:id", (c) => admitted(ctx, () => answerApproval(ctx, c.req.raw, c.req.param("id"), limit)));
  app.notFound((c) => problem(404, `No route ${c.req.method} ${new URL(c.req.url).pathname}.`));
  return app;
}

/** `POST /sessions`: a new caller and its bearer token. */
function createCallerSession(ctx: ServerContext, _request: Request): Promise<Response> {
  return admitted(ctx, async () => json({ token: await ctx.store.createSession("caller", newId("c"), ctx.now()) }, 201));
}

/** Refuse new runs, then wait until the running ones finish (or the timeout passes). */
function drain(ctx: ServerContext, timeoutMs: number): Promise<void> {
  ctx.inflight.draining = true;
  if (ctx.inflight.count === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    ctx.inflight.idle = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}
