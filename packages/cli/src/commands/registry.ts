/**
 * The `flow` commands. Each lives in its own file and is imported only when it runs (or when its own
 * help is asked for), so `flow --help` and `flow check` never load LangGraph or a model package.
 *
 * To add a command: create commands/<name>.ts exporting `register(program, context)` (see check.ts),
 * then add one line to COMMANDS below.
 */
import type { Command } from "commander";
import type { CliIo } from "../io.js";

export interface CommandContext {
  io: CliIo;
  /** The command's result; `cli` returns it. */
  setExitCode(code: number): void;
}

export interface CommandModule {
  /** Define the command on `program` (arguments, options, action). */
  register(program: Command, context: CommandContext): void;
}

export interface CommandEntry {
  name: string;
  /** One line for `flow --help`. */
  summary: string;
  load(): Promise<CommandModule>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: "check", summary: "check skills and report every problem (exit 1 on any error)", load: () => import("./check.js") },
  { name: "prove", summary: "run proofs: scripted conversations checked against the runtime", load: () => import("./prove.js") },
  { name: "procedure", summary: "write a skill as a procedure a person signs off, or --check a committed one", load: () => import("./procedure.js") },
  { name: "chat", summary: "chat with a skill in the terminal (widgets as text, resumable with --thread)", load: () => import("./chat.js") },
  { name: "mcp", summary: "serve skills to MCP hosts (IDEs, desktop assistants): a tool per skill, stdio or --http", load: () => import("./mcp.js") },
  { name: "serve", summary: "serve skills as a chat backend: AG-UI over HTTP, the chat page, verified approvers", load: () => import("./serve.js") },
  { name: "studio", summary: "the Studio in a browser: edit with a live check, Canvas, proofs, Flow page, versions; export a version", load: () => import("./studio.js") },
  { name: "draft", summary: "draft a skill from a sentence: a model writes SKILL.md, the loader decides whether it loads", load: () => import("./draft.js") },
  { name: "gc", summary: "delete the conversations of a SQLite or PostgreSQL store idle longer than --older-than", load: () => import("./gc.js") },
  { name: "lsp", summary: "run the SKILL.md language server for editors (LSP over stdio)", load: () => import("./lsp.js") },
];
