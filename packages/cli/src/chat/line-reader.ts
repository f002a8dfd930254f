/**
 * Lines from the person, over injected streams. On a terminal: line editing and history through
 * readline, secrets read without echo (and kept out of the history), Ctrl-C reported as an interrupt.
 * Piped in: each line as is, echoed after its prompt so a scripted run reads as a transcript (a secret
 * is echoed as `[hidden]`, a line of more than 200 characters by its start and its length). Lines that arrive before they are asked for wait in order.
 */
import { createInterface, type Interface } from "node:readline";
import { Writable } from "node:stream";
import { shortName } from "@skillflow/core/text";
import type { ChatInput } from "../io.js";

/** Returned by `read` when the person pressed Ctrl-C (or `interrupt()` was called). */
export const INTERRUPTED = Symbol("interrupted");

type Line = string | null | typeof INTERRUPTED;

export interface LineReader {
  /** The next line; null at the end of input; INTERRUPTED after Ctrl-C. */
  read(prompt: string, options?: { secret?: boolean }): Promise<Line>;
  /** Ctrl-C from outside (a signal): wakes a waiting `read`, or is remembered for the next one. */
  interrupt(): void;
  /** Whether an interrupt arrived while no `read` was waiting (and forget it). */
  takeInterrupt(): boolean;
  /** Whether input comes from a terminal. */
  readonly interactive: boolean;
  close(): void;
}

export interface LineReaderOptions {
  /** Called on Ctrl-C at the terminal instead of `interrupt()` (to count presses, for instance). */
  onInterrupt?: () => void;
}

type Output = { write(chunk: string): unknown };

/** A reader over `input`, writing prompts (and on a terminal, the echo) to `output`. */
export function createLineReader(input: ChatInput, output: Output, options: LineReaderOptions = {}): LineReader {
  const interactive = Boolean(input.isTTY);
  const echo = mutableOutput(output);
  const rl = createInterface({ input, output: echo.stream, terminal: interactive, crlfDelay: Infinity, historySize: 200 });
  const queue = lineQueue(rl);
  rl.on("SIGINT", () => (options.onInterrupt ?? queue.interrupt)());
  return {
    interactive,
    interrupt: queue.interrupt,
    takeInterrupt: queue.takeInterrupt,
    close: () => rl.close(),
    read: (prompt, { secret = false } = {}) =>
      interactive ? readTyped(rl, echo, queue, prompt, secret) : readPiped(output, queue, prompt, secret),
  };
}

/** Piped: the next line, echoed after its prompt (a secret as `[hidden]`, a long line shortened). */
async function readPiped(output: Output, queue: LineQueue, prompt: string, secret: boolean): Promise<Line> {
  const line = await queue.next();
  if (typeof line === "string") output.write(`${prompt}${secret ? "[hidden]" : echoOf(line)}\n`);
  return line;
}

/** Lines longer than this are echoed by their start and their length. */
export const ECHO_MAX = 200;

/** A line as it is echoed: as typed, or when longer than ECHO_MAX, its start and its length. Pure. */
export function echoOf(line: string): string {
  return line.length <= ECHO_MAX ? line : shortName(line);
}

/** On a terminal: the prompt through readline; for a secret, no echo and no history entry. */
async function readTyped(rl: Interface, echo: MutableOutput, queue: LineQueue, prompt: string, secret: boolean): Promise<Line> {
  rl.setPrompt(prompt);
  rl.prompt();
  // A line typed ahead (during the last turn) was echoed as it was typed: show it after the prompt too.
  const typedAhead = queue.size() > 0;
  echo.muted = secret && !typedAhead;
  const line = await queue.next();
  echo.muted = false;
  if (typedAhead) echo.write(`${secret || typeof line !== "string" ? "" : echoOf(line)}\n`);
  else if (secret) echo.write("\n");
  const history = (rl as unknown as { history?: string[] }).history;
  if (secret && typeof line === "string" && history?.[0] === line) history.shift();
  return line;
}

interface LineQueue {
  next(): Promise<Line>;
  size(): number;
  interrupt(): void;
  takeInterrupt(): boolean;
}

/** Lines from readline in order, each handed to one `next()`; then null once input has ended. */
function lineQueue(rl: Interface): LineQueue {
  const lines: string[] = [];
  let waiter: ((line: Line) => void) | undefined;
  let closed = false;
  let interrupted = false;
  const deliver = (line: Line) => {
    const w = waiter;
    waiter = undefined;
    w?.(line);
  };
  rl.on("line", (line) => (waiter ? deliver(line) : lines.push(line)));
  rl.on("close", () => {
    closed = true;
    deliver(null);
  });
  const takeInterrupt = () => {
    const was = interrupted;
    interrupted = false;
    return was;
  };
  return {
    size: () => lines.length,
    interrupt: () => (waiter ? deliver(INTERRUPTED) : void (interrupted = true)),
    takeInterrupt,
    next: () => {
      if (takeInterrupt()) return Promise.resolve(INTERRUPTED);
      if (lines.length) return Promise.resolve(lines.shift()!);
      if (closed) return Promise.resolve(null);
      return new Promise<Line>((resolve) => (waiter = resolve));
    },
  };
}

interface MutableOutput {
  stream: Writable;
  muted: boolean;
  write(text: string): void;
}

/** A stream readline writes its prompt and echo to; while muted, nothing reaches the screen. */
function mutableOutput(output: Output): MutableOutput {
  const state: MutableOutput = {
    muted: false,
    write: (text) => void output.write(text),
    stream: new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        if (!state.muted) output.write(chunk.toString());
        done();
      },
    }),
  };
  // readline wraps long lines at the screen's width when it knows it.
  Object.defineProperty(state.stream, "columns", { get: () => (output as { columns?: number }).columns });
  return state;
}
