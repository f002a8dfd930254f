// `flow chat` at an `end`: the chat prints the outcome and its status and ends there, so the lines typed
// after it are never sent; resumed later, it reads none either: no model call, nothing run.
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
const loan = join(root, "test/fixtures/endings/library-loan");
const work = mkdtempSync(join(tmpdir(), "flow-chat-end-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function chat(argv: string[], lines: string) {
  const mem = memoryIo(work, { env: {} });
  const code = await cli(["chat", loan, ...argv], { ...mem.io, stdin: Readable.from([lines]) });
  expect(mem.stderr()).toBe("");
  expect(code).toBe(0);
  return { stdout: mem.stdout() };
}

describe("flow chat at an end", () => {
  it("prints the outcome and ends the chat there; resumed later, it reads no line", async () => {
    const first = await chat(["--db", "end.sqlite"], "My card is C9999\nuse C1234 then\n");
    expect(first.stdout).toContain("Card C9999 cannot borrow books (it has expired), so nothing was lent.");
    expect(first.stdout).toContain("Ended: card_invalid (failed). The conversation ends here; Ctrl-D leaves.");
    expect(first.stdout).not.toContain("> use C1234 then");
    const thread = /--thread ([0-9a-f]{12})/.exec(first.stdout)?.[1];
    expect(thread).toBeDefined();
    const resumed = await chat(["--db", "end.sqlite", "--thread", thread!], "use C1234 then\n");
    expect(resumed.stdout).toContain(`Resuming conversation ${thread}: it is finished.`);
    expect(resumed.stdout).toContain("Ended: card_invalid (failed).");
    expect(resumed.stdout).not.toContain("> use C1234 then");
    expect(resumed.stdout).toContain("usage: 1 model call,");
  });
});
