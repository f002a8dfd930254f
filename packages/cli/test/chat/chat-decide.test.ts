/**
 * `flow chat` at a `decide` (issue 38 C): the options are numbered with their words; a number chooses
 * one, and so do its words typed (read by the runtime, with no model call); other words choose nothing.
 */
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../../src/cli.js";
import { memoryIo } from "../memory-io.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const ESCALATION = join(root, "test/fixtures/decide/escalation");

async function chat(lines: string): Promise<string> {
  const mem = memoryIo(root);
  const code = await cli(["chat", ESCALATION], { ...mem.io, stdin: Readable.from([lines]) });
  expect(mem.stderr()).toBe("");
  expect(code).toBe(0);
  return mem.stdout();
}

describe("flow chat at a decide", () => {
  it("numbers the options with their words; a number chooses", async () => {
    const out = await chat("T-7\n2\n");
    expect(out).toContain("Three reviews of T-7 without approval. What now?\n  1  Send it back to the developer\n  2  Stop the work\nType a number from 1 to 2 to pick.");
    expect(out).toContain("The work on T-7 stops here.");
    // One model call: the ticket; the choice made none.
    expect(out).toContain("usage: 1 model call");
  });

  it("typed option words choose with no model call; words of no option choose nothing", async () => {
    const out = await chat("T-8\nthe\nsend it back\n");
    expect(out).toContain("> the\n\nNothing in that message answered the question.");
    expect(out).toContain("Reopen T-8 for the developer?\nConfirm — yes runs this:\n  1. Reopen ticket T-8");
    // The ticket and "the" went to the model; "send it back" did not.
    expect(out).toContain("usage: 2 model calls");
  });
});
