/**
 * A long message is not kept, and not stored again at every step: three turns of a 1 MB line (random
 * letters, which deflate to about 60 %) on a SQLite file, the model extracting nothing from it. Before,
 * the same three turns made a 12.6 MB file: every checkpoint of a turn held the message again, and
 * pruning kept three of them. Now a finished turn keeps a few kilobytes, and the file — the pages the
 * turn wrote, reused by the next — stays near the copies one turn needs while it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createFlow } from "../../src/create-flow.js";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const MB = 1024 * 1024;
let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "long-message-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A line of `bytes` random lowercase letters and spaces. */
function longLine(bytes: number): string {
  const letters = "abcdefghijklmnopqrstuvwxyz ";
  let line = "";
  while (line.length < bytes) line += letters[Math.floor(Math.random() * letters.length)];
  return line;
}

const fileBytes = (file: string) => [file, `${file}-wal`].reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);

describe("a 1 MB message on SQLite", () => {
  it("is not kept after its turn, and three of them make a file of a few megabytes, not 12.6", async () => {
    const file = join(dir, "chat.sqlite");
    const store = await openCheckpointer(`sqlite:${file}`);
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: TRIP, model, store });
    try {
      for (let turn = 1; turn <= 3; turn += 1) {
        model.script({});
        const reply = await flow.send("t", { text: longLine(MB) });
        expect(reply.reply.length).toBeGreaterThan(0);
        expect((await store.footprint("t")).bytes).toBeLessThan(8 * 1024);
      }
    } finally {
      await store.close();
    }
    const size = fileBytes(file);
    console.log(`3 turns of a 1 MB message: SQLite file ${(size / MB).toFixed(1)} MB (before: 12.6 MB)`);
    expect(size).toBeLessThan(6 * MB);
  });
});
