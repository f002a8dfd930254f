/**
 * `flow mcp SKILL_OR_FOLDER... [--http PORT] [--model M] [--db URL]`: serve skills to MCP hosts (an IDE,
 * a desktop assistant) — a tool per skill, over stdio by default (stdout is the MCP channel: every word
 * for people goes to stderr) or Streamable HTTP on 127.0.0.1:PORT. Choices, confirmations and secrets are
 * asked of the person through the host (elicitation, MCP Apps), never taken from the host's model.
 * Backed by @skillflow/mcp; see docs/mcp.md.
 *
 * Exit codes: 0 when the host closes stdio (or on Ctrl-C / SIGTERM with --http), 1 a skill that does not
 * load or a store that does not open, 2 a bad path, port, `--model` or `--db`.
 */
import type { Command } from "commander";
import { EXIT, type CliIo } from "../io.js";
import { loadHost } from "../load-host.js";
import { loadChatSkills } from "../chat/load-chat-skills.js";
import { storeUrl } from "../chat/open-chat.js";
import type { CommandContext } from "./registry.js";

interface McpOptions {
  http?: string;
  model?: string;
  db?: string;
}

export function register(program: Command, context: CommandContext): void {
  program
    .command("mcp")
    .description("serve skills to MCP hosts: a tool per skill (stdio, or Streamable HTTP with --http)")
    .argument("<skills...>", "skill folders or SKILL.md files, or folders of skills")
    .option("--http <port>", "serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio (0: a free port)")
    .option("--model <model>", "offline, gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name>")
    .option("--db <url>", "where conversations are kept: a SQLite file path or postgres://… (default: in memory)")
    .action(async (targets: string[], options: McpOptions) => {
      context.setExitCode(await runMcp(targets, options, context.io));
    });
}

export async function runMcp(targets: string[], options: McpOptions, io: CliIo): Promise<number> {
  const fail = (message: string, code: number) => (io.stderr.write(`flow mcp: ${message}\n`), code);
  const port = options.http === undefined ? undefined : Number(options.http);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) return fail(`--http takes a port number (0 to 65535), not ${options.http}`, EXIT.usage);
  const lg = loadHost();
  lg.catch(() => undefined);
  const loaded = await loadChatSkills(targets, io, "mcp");
  if (!loaded.ok) return "message" in loaded ? fail(loaded.message, EXIT.usage) : EXIT.failed;
  const { resolveModel, isModelSetupError, openCheckpointer, PersistenceError } = await lg;
  let model;
  try {
    model = await resolveModel(options.model, io.env);
  } catch (error) {
    if (!isModelSetupError(error)) throw error;
    return fail((error as Error).message, EXIT.usage);
  }
  if (model.notice) io.stderr.write(`${model.notice}\n`);
  let store;
  try {
    store = await openCheckpointer(options.db ? storeUrl(options.db, io.cwd) : "memory");
  } catch (error) {
    if (!(error instanceof PersistenceError)) throw error;
    return fail(error.message, (error as { code?: unknown }).code === "bad-url" ? EXIT.usage : EXIT.failed);
  }
  const mcp = await import("@skillflow/mcp");
  try {
    const serving = await mcp.serveSkills({
      skills: loaded.skills,
      model,
      store,
      ...(port !== undefined ? { http: { port } } : io.stdin && { stdio: { stdin: io.stdin as never, stdout: io.stdout as never } }),
    });
    const names = loaded.skills.map((s) => s.skill.name).join(", ");
    io.stderr.write(`flow mcp: serving ${names} ${serving.url ? `at ${serving.url}` : "over stdio"} (model: ${model.id})\n`);
    if (serving.url) stopOnSignal(serving.close);
    await serving.closed;
    return EXIT.ok;
  } finally {
    await mcp.closeMcpConnections();
    await store.close();
  }
}

/** Ctrl-C or SIGTERM ends an HTTP server cleanly. */
function stopOnSignal(close: () => Promise<void>): void {
  const stop = () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    void close();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
