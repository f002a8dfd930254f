// What `flow chat` says besides the flow's own reply, through cli() with piped lines and the offline
// extractor: what a correction changed, what a question takes, the /help of a memory chat, and lines too
// long to echo or send.
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { cli } from "../../src/cli.js";
import { memoryIo } from "../memory-io.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const trip = join(root, "skills/conference-trip");

async function chat(argv: string[], lines: string[]) {
  const mem = memoryIo(root);
  const code = await cli(["chat", ...argv, "--db", "memory"], { ...mem.io, stdin: Readable.from([`${lines.join("\n")}\n`]) });
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

/** What the chat printed after the line `typed`, up to the next prompt. */
function after(stdout: string, typed: string): string {
  return stdout.split(`> ${typed}\n`)[1]!.split(/\n> |\n\nusage: /)[0]! + "\n";
}

describe("flow chat: what a message changed", () => {
  it("a correction at a list says what changed and points at the list, instead of printing it again", async () => {
    const { stdout } = await chat([trip], ["Book me for the Lisbon AI Summit, 3 nights", "actually make it 4 nights"]);
    expect(after(stdout, "actually make it 4 nights")).toBe(
      "\nNoted: nights 4.\nWhich flight would you like? They all leave the day before the conference. (the list above still stands: type a number from 1 to 4)\n",
    );
  });

  it("a refused value is said once, by its refusal (not also as a value not taken)", async () => {
    const { stdout } = await chat([trip], ["Lisbon AI Summit", "20"]);
    expect(after(stdout, "20")).toBe("\nA stay can be from 1 to 14 nights.\nHow many nights will you stay?\n");
  });

  it("a message that answered nothing says what the question takes", async () => {
    const { stdout } = await chat([trip], ["Lisbon AI Summit", "no idea, you choose"]);
    expect(after(stdout, "no idea, you choose")).toBe(
      "\nNothing in that message answered the question. A stay can be from 1 to 14 nights.\nHow many nights will you stay?\n",
    );
  });
});

describe("flow chat: a message that names nothing at a lookup's question", () => {
  // The retail skills share one store a process (skills/retail/tools.ts keeps it on globalThis), and test
  // files share processes (isolate: false): another file's cancel would change these orders. Start fresh.
  beforeEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for("skillflow.retail.processStore")];
  });

  it("says it answered nothing, without the lookup's refusal, and asks again with the account's orders", async () => {
    const cancel = join(root, "skills/retail/cancel-order");
    const { stdout } = await chat([cancel], ["email", "aarav.lee6460@example.com", "I don't remember the number"]);
    expect(after(stdout, "I don't remember the number")).toBe(
      "\nNothing in that message answered the question.\nWhich order would you like to cancel? Your orders: #W3361211 (pending: Luggage Set, Smart Watch, Jigsaw Puzzle, Office Chair; 1,464.00); #W3586556 (pending: Tablet; 989.70).\n",
    );
  });
});

describe("flow chat: the terminal's own words", () => {
  it("/help in a memory chat does not say the conversation is kept", async () => {
    const { stdout } = await chat([trip], ["/help"]);
    expect(after(stdout, "/help")).toContain("/quit                    end here (so does Ctrl-D); with --db memory the conversation ends with the chat");
    expect(after(stdout, "/help")).not.toContain("is kept");
  });

  it("echoes a long line by its start and length, and does not send a line of over 10,000 characters", async () => {
    const long = "x".repeat(1_000_000);
    const { stdout } = await chat([trip], [long]);
    expect(stdout.length).toBeLessThan(5_000);
    expect(stdout).toContain(`> ${"x".repeat(80)}… (1,000,000 characters)\nThat message has 1,000,000 characters; one message may have up to 10,000. Nothing was sent`);
    expect(stdout).toContain("usage: 0 model calls");
  });
});
