/**
 * `flow serve --max-connections N` bounds the PostgreSQL connections the process opens, both stores
 * together (the conversations' and the server's own tables), measured from the server while more
 * conversations than that are booked at once through AG-UI; the banner says the bound. A bound that
 * leaves a pool empty is refused before anything opens (exit 2). Needs PG_URL for the first case.
 */
import { describe, expect, it } from "vitest";
import { AguiDriver } from "../../server/test/helpers/agui-driver.js";
import { namedUrl, peakConnections } from "../../../test/fixtures/durable/pg-connections.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../test/fixtures/durable/pg-url.js";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";
import { ROOT, startServeProcess } from "./serve-process.js";

notePgSkipped("flow serve --max-connections");

/** One trip through AG-UI, from the greeting to the booking; its last line. */
async function book(url: string, thread: string): Promise<string | undefined> {
  const token = (await (await fetch(`${url}/sessions`, { method: "POST" })).json()).token as string;
  const chat = new AguiDriver(url, token, thread);
  await chat.look();
  await chat.say("Lisbon AI Summit, 3 nights");
  await chat.answer({ flight_id: "TP1350" });
  const card = await chat.answer({ hotel_id: "H-BAIXA" });
  expect(card.interrupt?.reason, thread).toBe("confirmation");
  return (await chat.answer({ yes: true })).text.at(-1);
}

describe.skipIf(!PG_URL)("flow serve --max-connections on PostgreSQL", () => {
  it("opens at most that many connections with more conversations than that at once, and books every one", async () => {
    const app = `serve-budget-${process.pid}-${Date.now()}`;
    const serve = await startServeProcess(["skills/conference-trip", "--db", namedUrl(PG_URL!, app), "--max-connections", "12", "--auth", "none"]);
    try {
      expect(serve.stdout()).toMatch(/at most 12 connections/);
      const booked: Array<string | undefined> = [];
      const peak = await peakConnections(PG_URL!, app, async () => {
        booked.push(...(await Promise.all(Array.from({ length: 24 }, (_, i) => book(serve.url, `${app}-${i}`)))));
      });
      expect(booked.every((line) => line?.startsWith("Booked.")), booked.join(" / ")).toBe(true);
      expect(peak).toBeGreaterThanOrEqual(6);
      expect(peak).toBeLessThanOrEqual(12);
    } finally {
      await serve.stop();
    }
  }, 120_000);
});

if (!PG_URL) describe("flow serve --max-connections on PostgreSQL", () => it.skip(PG_SKIP_REASON, () => undefined));

describe("flow serve --max-connections", () => {
  it.each(["3", "0", "ten", "6.5", "-6"])("refuses %s before opening anything (exit 2)", async (bad) => {
    const mem = memoryIo(ROOT);
    const code = await cli(["serve", "skills/conference-trip", "--db", "postgres://nobody@127.0.0.1:1/none", "--max-connections", bad], mem.io);
    expect(code).toBe(2);
    expect(mem.stderr()).toContain(`--max-connections must be a whole number of at least 4`);
    expect(mem.stderr()).not.toMatch(/\n\s+at /);
  });
});

describe("createSkillflowServer({ maxConnections })", () => {
  it.each([3, 0, 7.5])("refuses %s before connecting, with the store's error code", async (bad) => {
    const { createSkillflowServer } = await import("@skillflow/server");
    const { offlineModel } = await import("@skillflow/langgraph/models");
    const opening = createSkillflowServer({ skills: ["skills/conference-trip"], model: offlineModel(), db: "postgres://nobody@127.0.0.1:1/none", maxConnections: bad });
    await expect(opening).rejects.toMatchObject({ code: "bad-max-connections", message: expect.stringMatching(/at least 4 PostgreSQL connections/) });
  });
});
