/**
 * On a SQLite file (what `flow serve` uses by default) the conversation outlives the server: after a
 * restart on the same file, the caller's token, the thread's owner and the open interrupt are still
 * there, so the page's next run continues where it stood.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { newToken, startServe } from "./helpers/serve-fixture.js";

const dir = mkdtempSync(join(tmpdir(), "serve-sqlite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a server restarted on the same SQLite file", () => {
  it("continues the conversation from its open interrupt", async () => {
    const db = join(dir, "serve.sqlite");
    const first = await startServe({ db });
    const token = await newToken(first.url);
    const chat = new AguiDriver(first.url, token, "kept-1");
    await chat.look();
    const flights = await chat.say("Lisbon AI Summit, 3 nights");
    await first.close();

    const second = await startServe({ db });
    try {
      const again = new AguiDriver(second.url, token, "kept-1");
      again.agent.pendingInterrupts = [...chat.agent.pendingInterrupts];
      const hotels = await again.answer({ flight_id: "TP1350" });
      expect(hotels.state!.answers.flight_id).toEqual({ value: "TP1350", by: "widget" });
      expect(hotels.interrupt!.id).not.toBe(flights.interrupt!.id);
      const stranger = await newToken(second.url);
      const other = await fetch(`${second.url}/agui`, {
        method: "POST", headers: { authorization: `Bearer ${stranger}`, "content-type": "application/json" },
        body: JSON.stringify({ threadId: "kept-1", runId: "x", messages: [] }),
      });
      expect(other.status).toBe(404);
    } finally {
      await second.close();
    }
  });
});
