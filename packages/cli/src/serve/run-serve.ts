/**
 * Opening and running `flow serve`: the skills (checked as `flow check` does), the approvers, the model
 * (offline extractor by default without a key, as `flow chat`), the store (`.flow/serve.sqlite` unless
 * `--db`), then the server on its port until SIGTERM or SIGINT, which finish the running turns first.
 * With `--otel`, spans are exported over OTLP/HTTP while it serves (`start-telemetry.ts`).
 * Every failure is one sentence on stderr and an exit code; nothing prints a stack trace.
 */
import { basename, dirname } from "node:path";
import { shownPath } from "@skillflow/core";
import { EXIT, type CliIo } from "../io.js";
import { loadHost, type Host } from "../load-host.js";
import { loadChatSkills } from "../chat/load-chat-skills.js";
import { storeUrl } from "../chat/open-chat.js";
import { openVersions } from "../studio/open-versions.js";
import { checkServeOptions, DEFAULT_SERVE_DB, type ServeOptions, type ServeSettings } from "./serve-options.js";
import { describeBudget } from "./serve-limits.js";
import { startTelemetry } from "./start-telemetry.js";

type Server = typeof import("@skillflow/server");

export async function runServe(targets: string[], options: ServeOptions, io: CliIo): Promise<number> {
  const checked = await checkServeOptions(options, io.env, io.cwd);
  if (!checked.ok) return (io.stderr.write(`flow serve: ${checked.message}\n`), EXIT.usage);
  // With --otel, every span of every turn is exported until the server stops; the last batch is flushed then.
  const telemetry = checked.settings.otel ? await startTelemetry(checked.settings.otel, io.env) : undefined;
  try {
    return await serveChecked(targets, options, checked, io);
  } finally {
    await telemetry?.shutdown();
  }
}

async function serveChecked(targets: string[], options: ServeOptions, checked: { settings: ServeSettings }, io: CliIo): Promise<number> {
  const fail = (message: string, code: number) => (io.stderr.write(`flow serve: ${message}\n`), code);
  // The command line first (approvers, model, database URL): a mistake there is told at once, not after
  // every skill was loaded and checked.
  const [sf, lg] = await Promise.all([import("@skillflow/server"), loadHost()]);
  const approvers = readApprovers(sf, checked.settings);
  if (!approvers.ok) return fail(approvers.message, EXIT.usage);
  let model: Awaited<ReturnType<Host["resolveModel"]>>;
  try {
    model = await lg.resolveModel(options.model, io.env);
  } catch (error) {
    if (!lg.isModelSetupError(error)) throw error;
    return fail(error.message, EXIT.usage);
  }
  const db = storeUrl(options.db ?? DEFAULT_SERVE_DB, io.cwd);
  try {
    lg.parseDbUrl(db);
  } catch (error) {
    if (!(error instanceof lg.PersistenceError)) throw error;
    return fail(error.message, EXIT.usage);
  }
  const studio = await studioVersions(options.studioDb, io);
  if (studio && !studio.ok) return fail(studio.message, studio.exitCode);
  const loaded = await loadChatSkills(targets, io, "serve", studio?.textOf).finally(() => studio?.close());
  if (!loaded.ok) return "message" in loaded ? fail(loaded.message, EXIT.usage) : EXIT.failed;
  let server: Awaited<ReturnType<Server["createSkillflowServer"]>>;
  try {
    server = await sf.createSkillflowServer({
      skills: loaded.skills.map(({ skill, tools }) => ({ skill, tools })), model, db,
      auth: checked.settings.auth, ...(approvers.directory && { approvers: approvers.directory }),
      log: (line) => void io.stdout.write(`${line}\n`),
      ...(Object.keys(checked.settings.budget).length > 0 && { flow: checked.settings.budget }),
      ...(checked.settings.maxConnections !== undefined && { maxConnections: checked.settings.maxConnections }),
    });
  } catch (error) {
    if (error instanceof lg.BudgetError) return fail(error.message, EXIT.usage);
    if (!(error instanceof lg.PersistenceError)) throw error;
    return fail(error.message, error.code === "bad-url" ? EXIT.usage : EXIT.failed);
  }
  let listening: Awaited<ReturnType<Server["listen"]>>;
  try {
    listening = await sf.listen(server, checked.settings);
  } catch (error) {
    await server.shutdown(0);
    const code = (error as { code?: string }).code;
    const why = code === "EADDRINUSE" ? "is already in use (pass --port to pick another, or --port 0 for a free one)" : `cannot be opened: ${(error as Error).message}`;
    return fail(`${checked.settings.host}:${checked.settings.port} ${why}`, EXIT.failed);
  }
  // Listen for the signal before saying where to connect: a stop sent right after the banner must not kill us.
  const stop = untilSignal((again) => io.stdout.write(`flow serve: ${again} again: still finishing ${server.inflight} running request(s)…\n`));
  const names = loaded.skills.map((s) => s.skill.name);
  const versions = studio?.describe(loaded.skills.map((s) => s.skill.file));
  io.stdout.write(banner({ names, model, store: shownStore(lg, db, io.cwd, checked.settings.maxConnections), approvers: approvers.shown, settings: checked.settings, url: listening.url, ...(versions && { versions }) }));
  const signal = await stop.signalled;
  io.stdout.write(`flow serve: ${signal}: finishing ${server.inflight} running request(s), refusing new ones…\n`);
  try {
    await listening.stop();
  } finally {
    stop.done();
  }
  io.stdout.write("flow serve: stopped.\n");
  return EXIT.ok;
}

/** `--hash-credential`: the scrypt hash of the credential read on stdin (its trailing newline dropped). */
export async function hashFromStdin(io: CliIo): Promise<number> {
  if (!io.stdin) return (io.stderr.write("flow serve: no input to read the credential from\n"), EXIT.usage);
  let text = "";
  for await (const chunk of io.stdin) text += String(chunk);
  const credential = text.replace(/\r?\n$/, "");
  if (!credential) return (io.stderr.write("flow serve: --hash-credential read an empty credential; type it, then Enter (or pipe it in)\n"), EXIT.usage);
  const { hashCredential } = await import("@skillflow/server");
  io.stdout.write(`${await hashCredential(credential)}\n`);
  return EXIT.ok;
}

function readApprovers(sf: Server, settings: ServeSettings) {
  if (!settings.approvers) return { ok: true as const, shown: "none: pass --approvers FILE or set FLOW_APPROVERS to take approvals" };
  try {
    const directory = sf.parseApprovers(settings.approvers.text, settings.approvers.source);
    return { ok: true as const, directory, shown: `${directory.size} (from ${settings.approvers.source})` };
  } catch (error) {
    if (!(error instanceof sf.ApproverConfigError)) throw error;
    return { ok: false as const, message: error.message };
  }
}

/** Where conversations are kept; on PostgreSQL with the most connections the process opens. */
function shownStore(lg: Host, db: string, cwd: string, maxConnections: number | undefined): string {
  const location = lg.parseDbUrl(db);
  if (location.kind === "postgres") return `${lg.redactUrl(location.url)} (at most ${maxConnections ?? DEFAULT_SERVE_CONNECTIONS} connections: --max-connections)`;
  const ignored = maxConnections === undefined ? "" : " (--max-connections is for PostgreSQL: not used)";
  return `${location.kind === "sqlite" ? shownPath(location.path, cwd) : "memory (nothing is kept)"}${ignored}`;
}

/**
 * `--studio-db`: the text of each skill's newest version that passes in the Studio's database (by the
 * skill folder's name), and which ones were found, for the banner.
 */
async function studioVersions(db: string | undefined, io: CliIo) {
  if (db === undefined) return undefined;
  const opened = await openVersions(db, io.cwd, "--studio-db");
  if (!opened.ok) return opened;
  const served = new Map<string, number>();
  const keyOf = (file: string) => basename(dirname(file));
  return {
    ok: true as const,
    async textOf(file: string) {
      const version = await opened.store.versions.latestPassing(keyOf(file));
      if (version) served.set(keyOf(file), version.number);
      return version?.content;
    },
    close: () => opened.store.close(),
    describe: (files: string[]) => `${files.map((f) => (served.has(keyOf(f)) ? `${keyOf(f)} v${served.get(keyOf(f))}` : `${keyOf(f)} from disk (no passing version)`)).join(", ")} (${opened.shown})`,
  };
}

interface BannerInput {
  versions?: string;
  names: string[];
  model: { id: string; notice?: string };
  store: string;
  approvers: string;
  settings: ServeSettings;
  url: string;
}

function banner(b: BannerInput): string {
  const rows: Array<[string, string]> = [["serving", b.names.join(", ")], ["model", b.model.id]];
  if (b.model.notice) rows.push(["", b.model.notice]);
  if (b.versions) rows.push(["versions", b.versions]);
  rows.push(["store", b.store], ["approvers", b.approvers]);
  const budget = describeBudget(b.settings.budget);
  if (budget) rows.push(["limits", budget]);
  if (b.settings.otel) rows.push(["traces", `OpenTelemetry, OTLP/HTTP to ${b.settings.otel}`]);
  rows.push(["auth", b.settings.auth === "none"
    ? "none: every request is the same caller; anyone who reaches this port can read and drive every conversation"
    : "a session cookie (the chat page) or a bearer token (POST /sessions) per caller"]);
  rows.push(["chat", b.url], ["approvals", `${b.url}approve`], ["AG-UI", `POST ${b.url}agui`]);
  const lines = rows.map(([k, v]) => `${k.padEnd(12)}${v}`);
  return `${lines.join("\n")}\nStop with Ctrl-C or SIGTERM: running turns finish, new ones are refused.\n`;
}

/**
 * The first SIGTERM or SIGINT (`signalled`, its name). A stop signal that arrives after it, while the
 * caller stops (`npx` forwards a Ctrl-C the terminal also sent; supervisors resend SIGTERM), goes to
 * `again` instead of killing the process in the middle of the turns it is finishing. `done()` removes
 * the handlers.
 */
export function untilSignal(again: (name: string) => void = () => undefined): { signalled: Promise<string>; done(): void } {
  let first!: (name: string) => void;
  const signalled = new Promise<string>((resolve) => (first = resolve));
  let seen = false;
  const on = (name: string) => () => {
    if (seen) return again(name);
    seen = true;
    first(name);
  };
  const term = on("SIGTERM");
  const int = on("SIGINT");
  process.on("SIGTERM", term);
  process.on("SIGINT", int);
  return {
    signalled,
    done: () => {
      process.off("SIGTERM", term);
      process.off("SIGINT", int);
    },
  };
}

/** createSkillflowServer's default `maxConnections` (23 for the conversations, 7 for the server's tables). */
const DEFAULT_SERVE_CONNECTIONS = 30;
