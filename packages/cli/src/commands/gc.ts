/**
 * `flow gc --db URL --older-than 30d`: delete the conversations of a SQLite or PostgreSQL store that
 * have been idle longer than the given time — finished or abandoned alike, judged by their latest
 * checkpoint. Each is deleted under its conversation lock (a turn running in another process is waited
 * for, and a conversation it brings back to life is kept). The in-memory store has nothing to collect:
 * it forgets everything when its process ends, and deletes idle conversations by itself.
 *
 * Exit codes: 0 done, 1 the store cannot be opened or queried, 2 a wrong command line.
 */
import type { Command } from "commander";
import { shownPath } from "@skillflow/core";
import { EXIT, type CliIo } from "../io.js";
import { storeUrl } from "../chat/open-chat.js";
import type { CommandContext } from "./registry.js";

export interface GcOptions {
  db?: string;
  olderThan?: string;
}

export function register(program: Command, context: CommandContext): void {
  program
    .command("gc")
    .description("delete the conversations of a SQLite or PostgreSQL store idle longer than --older-than")
    .requiredOption("--db <url>", "the store: a SQLite file path or postgres://…")
    .requiredOption("--older-than <duration>", "idle time, e.g. 30d, 12h, 90m (s, m, h, d, w)")
    .action(async (options: GcOptions) => {
      context.setExitCode(await runGc(options, context.io));
    });
}

export async function runGc(options: GcOptions, io: CliIo): Promise<number> {
  const fail = (message: string, code: number) => (io.stderr.write(`flow gc: ${message}\n`), code);
  const { openCheckpointer, PersistenceError } = await import("@skillflow/langgraph");
  const { parseDuration } = await import("@skillflow/langgraph/persistence");
  let olderThan: number;
  try {
    olderThan = parseDuration(options.olderThan ?? "");
  } catch (error) {
    if (!(error instanceof PersistenceError)) throw error;
    return fail(`--older-than takes a number and a unit (45s, 90m, 12h, 30d, 2w), not ${JSON.stringify(options.olderThan)}`, EXIT.usage);
  }
  const url = storeUrl(options.db, io.cwd);
  if (url === "memory") return fail("--db memory holds nothing between runs: give a SQLite file or a postgres:// URL", EXIT.usage);
  let store;
  try {
    store = await openCheckpointer(url);
  } catch (error) {
    if (!(error instanceof PersistenceError)) throw error;
    return fail(error.message, error.code === "bad-url" ? EXIT.usage : EXIT.failed);
  }
  const where = store.kind === "sqlite" ? shownPath(store.location, io.cwd) : store.location;
  try {
    const sweep = await store.deleteIdle(olderThan);
    const n = sweep.deleted.length;
    io.stdout.write(`${where}: deleted ${n} conversation${n === 1 ? "" : "s"} idle for more than ${options.olderThan!.trim()}; kept ${sweep.kept}.\n`);
    return EXIT.ok;
  } catch (error) {
    return fail(`${where}: ${error instanceof Error ? error.message : String(error)}`, EXIT.failed);
  } finally {
    await store.close();
  }
}
