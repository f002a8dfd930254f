/**
 * Ctrl-C in `flow chat`, from the terminal (readline reports it) or as a signal (piped input):
 *
 * - while the chat waits for a line, a press stops it there ("Stopped.", the usage, how to resume;
 *   exit 130);
 * - while a turn runs (a slow write, a model call), the first press says that the chat stops once the
 *   turn is done — the turn is checkpointed as it goes, so nothing confirmed is lost — and the chat then
 *   stops as above, even when that turn finished the skill;
 * - a second press during the turn exits at once, after the usage so far and how to resume: `--thread`
 *   finishes the cut-short turn (a write that was running is re-sent with the same idempotency key).
 *
 * Only a chat on the real process stdin exits the process (`exit`); elsewhere a second press is taken
 * like the first.
 */
import type { Usage } from "@skillflow/core";
import { EXIT } from "../io.js";
import { usageLine } from "./chat-messages.js";
import type { LineReader } from "./line-reader.js";

/** What the chat loop is doing, for the interrupt handler: kept up to date by `runChatLoop`. */
export interface ChatProgress {
  /** A turn (or the start, which may finish a cut-short turn) is running. */
  turnRunning: boolean;
  /** The conversation's usage before the running turn, once known. */
  usage?: Usage | undefined;
}

export interface InterruptOptions {
  reader: () => LineReader;
  progress: ChatProgress;
  out: { write(chunk: string): unknown };
  /** The command that resumes the conversation; undefined for a memory store. */
  resumeCommand: () => string | undefined;
  /** Exit the process at once (the real process stdin only). */
  exit?: ((code: number) => void) | undefined;
}

export const STOPPING = "Stopping once this turn is done (it is still running). Press Ctrl-C again to stop at once.";

/** The handler for one chat: call `handle` on every Ctrl-C. */
export function interruptHandler(options: InterruptOptions): { handle(): void } {
  const { reader, progress, out, exit } = options;
  let pressed = false;
  const handle = () => {
    if (!progress.turnRunning) return reader().interrupt();
    if (!pressed || !exit) {
      if (!pressed) out.write(`\n${STOPPING}\n`);
      pressed = true;
      return reader().interrupt();
    }
    out.write(`${hardStopLines(progress.usage, options.resumeCommand()).join("\n")}\n`);
    exit(EXIT.interrupted);
  };
  return { handle };
}

/** What a second Ctrl-C prints before the process exits mid-turn. Pure. */
export function hardStopLines(usage: Usage | undefined, resumeCommand: string | undefined): string[] {
  return [
    "",
    "Stopped at once: the turn that was running was cut short.",
    ...(usage ? [`${usageLine(usage)} (before that turn)`] : []),
    resumeCommand
      ? `The conversation is kept. Resume with: ${resumeCommand} (it finishes that turn first; a write that was running is re-sent with the same idempotency key, never run twice)`
      : "The conversation was in memory only: it ends here.",
  ];
}
