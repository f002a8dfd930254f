/**
 * `flow serve SKILL_OR_FOLDER... [--port 8787] [--host 127.0.0.1] [--db URL] [--model M] [--auth session|none]
 * [--approvers FILE] [--limit SCOPE.MEASURE=N] [--prices FILE] [--max-connections N] [--otel]`: Skillflow as a chat backend — AG-UI over HTTP at /agui, the chat page at /, the
 * approver's page at /approve — until SIGTERM or Ctrl-C, which finish the running turns and refuse new
 * ones. `--hash-credential` reads a credential on stdin and prints the hash for the approvers file.
 * See docs/serve.md.
 *
 * Exit codes: 0 stopped by a signal, 1 a skill that does not load or a store or port that does not
 * open, 2 a wrong command line (path, --port, --auth, --model, --db, approvers file).
 */
import type { Command } from "commander";
import { EXIT, type CliIo } from "../io.js";
import { hashFromStdin, runServe } from "../serve/run-serve.js";
import type { ServeOptions } from "../serve/serve-options.js";
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_SERVE_DB } from "../serve/serve-options.js";
import type { CommandContext } from "./registry.js";

export function register(program: Command, context: CommandContext): void {
  program
    .command("serve")
    .description("serve skills as a chat backend: AG-UI at /agui, the chat page at /, approvals at /approve")
    .argument("[skills...]", "skill folders or SKILL.md files, or folders of skills, hosted together")
    .option("--port <port>", `the port (default ${DEFAULT_PORT}; 0 picks a free one)`)
    .option("--host <host>", `the address to bind (default ${DEFAULT_HOST})`)
    .option("--db <url>", `where conversations are kept: a SQLite file path or postgres://… (default ${DEFAULT_SERVE_DB})`)
    .option("--model <model>", "offline, gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name>")
    .option("--auth <mode>", "session (default: a session cookie or bearer token per caller) or none (localhost only)")
    .option("--approvers <file>", "the approvers file (JSON: approver id → roles, credential hash); or set FLOW_APPROVERS")
    .option("--studio-db <url>", "run each skill's newest version that passes the check in the Studio's database (flow studio's --db, e.g. .flow/studio.sqlite)")
    .option("--limit <scope.measure=n>", "a budget of model calls: turn. or conversation. with model-calls, tokens or cost (repeatable, e.g. conversation.tokens=50000)", (value: string, all: string[] = []) => [...all, value])
    .option("--prices <file>", "prices per model for cost limits (JSON: model id → { input, output } per million tokens)")
    .option("--max-connections <n>", "on PostgreSQL, the most connections this process opens (default 30; at least 4): size it so every process fits under max_connections")
    .option("--otel", "export OpenTelemetry spans over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (e.g. http://localhost:4318)")
    .option("--hash-credential", "read a credential on stdin, print its hash for the approvers file, and exit")
    .action(async (skills: string[], options: ServeOptions) => {
      context.setExitCode(options.hashCredential ? await hashFromStdin(context.io) : await serveOrUsage(skills, options, context.io));
    });
}

async function serveOrUsage(skills: string[], options: ServeOptions, io: CliIo): Promise<number> {
  if (skills.length === 0) {
    io.stderr.write("flow serve: name the skills to serve, e.g. flow serve skills\n");
    return EXIT.usage;
  }
  return runServe(skills, options, io);
}
