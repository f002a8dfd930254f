/**
 * A long message is not kept, and not stored again at every step: three turns of a 1 MB line (random
 * letters, which deflate to about 60 %) on a SQLite file, the model extracting nothing from it. Before,
 * the same three turns made a 12.6 MB file: every checkpoint of a turn held the message again, and
 * pruning kept three of them. Then the message was sealed about five times while its turn ran. Now the
 * replay clears it before the turn's first checkpoint, so nothing the saver stores holds it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
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
  it("is never stored, so three of them leave a file of kilobytes, not 12.6 MB", async () => {
    const file = join(dir, "chat.sqlite");
    const store = await openCheckpointer(`sqlite:${file}`);
    // Every value the saver stores goes through its serializer: the largest one sealed is measured.
    const serde = (store.saver as unknown as { serde: SerializerProtocol }).serde;
    const dumps = serde.dumpsTyped.bind(serde);
    let largest = 0;
    serde.dumpsTyped = async (value) => {
      const sealed = await dumps(value);
      largest = Math.max(largest, sealed[1].length);
      return sealed;
    };
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
    console.log(`3 turns of a 1 MB message: largest value stored ${largest} B, SQLite file ${(size / MB).toFixed(2)} MB (at first: 12.6 MB)`);
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(64 * 1024);
    expect(size).toBeLessThan(MB);
  });
});
