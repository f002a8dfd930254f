/**
 * `flow chat SKILL_OR_FOLDER [--model M] [--db URL] [--thread ID] [--operator]`: talk to a skill in the
 * terminal. Approvals (`/approve`, `/deny`) are accepted only with `--operator`, which the banner shows.
 * Widgets are text (numbered rows, confirmation cards, checkout summaries), secrets are read without
 * echo, piped input works line by line, and the conversation is kept in a store (default
 * `.flow/chat.sqlite`) so `--thread ID` resumes it after Ctrl-C or a restart. See docs/chat.md.
 *
 * Exit codes: 0 finished or ended, 1 a skill that does not load or a failure mid-chat, 2 a bad path,
 * `--model` or `--db`, 130 stopped by Ctrl-C.
 */
import type { Command } from "commander";
import { EXIT, useColor, type CliIo } from "../io.js";
import { resumeCommand } from "../chat/chat-messages.js";
import { runChatLoop } from "../chat/chat-loop.js";
import { interruptHandler, type ChatProgress } from "../chat/interrupts.js";
import { createLineReader, type LineReader } from "../chat/line-reader.js";
import { DEFAULT_DB, openChat, type ChatOptions } from "../chat/open-chat.js";
import type { CommandContext } from "./registry.js";

export function register(program: Command, context: CommandContext): void {
  program
    .command("chat")
    .description("chat with a skill in the terminal (offline extractor when no model key is set)")
    .argument("<skill>", "a skill folder or SKILL.md, or a folder of skills to host together")
    .option("--model <model>", "offline, gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name>")
    .option("--db <url>", `where conversations are kept: a SQLite file path or postgres://… (default ${DEFAULT_DB})`)
    .option("--thread <id>", "resume this conversation (its id is printed when it starts)")
    .option("--operator", "the person at this terminal is the operator: /approve and /deny give approvals for the role they name")
    .action(async (target: string, options: ChatOptions) => {
      context.setExitCode(await runChat(target, options, context.io));
    });
}

/** Open the skill, model and store, then chat over `io` until the conversation ends. */
export async function runChat(target: string, options: ChatOptions, io: CliIo): Promise<number> {
  if (!io.stdin) {
    io.stderr.write("flow chat: no input stream to read from\n");
    return EXIT.usage;
  }
  const opened = await openChat(target, options, io);
  if (!opened.ok) return opened.exitCode;
  const { session } = opened;
  // A PostgreSQL URL is shown as the store shows it: with its password hidden.
  const db = options.db && /^postgres(ql)?:/i.test(options.db) ? session.store : options.db;
  const resume = session.durable ? resumeCommand(target, { ...options, db }, session.threadId) : undefined;
  const progress: ChatProgress = { turnRunning: false };
  const real = io.stdin === process.stdin;
  let reader: LineReader | undefined;
  const interrupts = interruptHandler({
    reader: () => reader!,
    progress,
    out: io.stdout,
    resumeCommand: () => resume,
    exit: real ? (code) => process.exit(code) : undefined,
  });
  reader = createLineReader(io.stdin, io.stdout, { onInterrupt: interrupts.handle });
  // Piped input: Ctrl-C arrives as a signal (on a terminal, readline reports it instead).
  if (real) process.on("SIGINT", interrupts.handle);
  try {
    const loopIo = { reader, out: io.stdout, err: io.stderr, color: useColor(io), debug: Boolean(io.env.FLOW_DEBUG), progress };
    return await runChatLoop(session, loopIo, resume);
  } finally {
    if (real) process.off("SIGINT", interrupts.handle);
    reader.close();
    await session.close();
  }
}
