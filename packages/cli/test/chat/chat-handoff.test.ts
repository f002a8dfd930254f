// `flow chat` after a hand-off (issue 23 red team): the lines typed after it — a yes, a row number — are
// never sent, and resuming the conversation later reads none either: no model call, the hand-off ran once.
// In memory: cli() with injected streams, the offline extractor, SQLite in a temp folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../src/cli.js";
import { memoryIo } from "../memory-io.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const handOff = join(root, "test/fixtures/serve/hand-off");
const work = mkdtempSync(join(tmpdir(), "flow-chat-handoff-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const handed = () => ((globalThis as Record<string, unknown>).__handedOff ?? []) as Array<{ summary: string; key: string }>;

async function chat(argv: string[], lines: string) {
  const mem = memoryIo(work, { env: {} });
  const code = await cli(["chat", handOff, ...argv], { ...mem.io, stdin: Readable.from([lines]) });
  expect(mem.stderr()).toBe("");
  expect(code).toBe(0);
  return { stdout: mem.stdout() };
}

describe("flow chat after a hand-off", () => {
  it("ends the chat at the hand-off; resumed later, it reads no line and runs nothing", async () => {
    const before = handed().length;
    const first = await chat(["--db", "handoff.sqlite"], "My parcel arrived broken and I want to talk to a person\ny\n1\n");
    expect(first.stdout).toContain("A human agent will take it from here. Please hold on.");
    expect(first.stdout).toContain("Handed over to a person (pass_to_agent ran). The conversation ends here; Ctrl-D leaves.");
    // The lines typed after the hand-off are not sent: the chat ended there.
    expect(first.stdout).not.toContain("> y");
    const thread = /--thread ([0-9a-f]{12})/.exec(first.stdout)?.[1];
    expect(thread).toBeDefined();
    const resumed = await chat(["--db", "handoff.sqlite", "--thread", thread!], "y\n1\nActually refund my order instead\n");
    // Resumed, it says the conversation is finished, shows where it ended, and reads no line.
    expect(resumed.stdout).toContain(`Resuming conversation ${thread}: it is finished.`);
    expect(resumed.stdout).toContain("Handed over to a person (pass_to_agent ran).");
    expect(resumed.stdout).not.toContain("> y");
    expect(resumed.stdout).toContain("usage: 1 model call,");
    expect(handed().slice(before)).toHaveLength(1);
  });
});
