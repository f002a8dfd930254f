/**
 * A PostgreSQL store opens at most `maxConnections` connections (default 30): a third for statements
 * (at least two), the rest for the locks turns hold. Measured from the server (pg_stat_activity, by the
 * application name the test puts in the URL), while more conversations than that run at once: every
 * one finishes, booked, and the count never passes the budget. Before, the pools
 * were 10 + 20 whatever the deployment, so three `flow serve` processes (60 each) could pass
 * PostgreSQL's default `max_connections` of 100 and their turns failed with "too many clients".
 */
import { afterAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { fileURLToPath } from "node:url";
import { createFlow } from "../../src/create-flow.js";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import { connectionBudget } from "../../src/persistence/connection-budget.js";
import { PersistenceError } from "../../src/persistence/persistence-error.js";
import type { Persistence } from "../../src/persistence/persistence.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";
import { namedUrl, peakConnections } from "../../../../test/fixtures/durable/pg-connections.js";

notePgSkipped("the connection budget");
const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const NOW = "2027-03-01T09:00:00Z";
const opened: Persistence[] = [];
afterAll(async () => void (await Promise.all(opened.map((s) => s.close()))));

describe("the split of a store's connections", () => {
  it("gives a third to statements (at least two) and the rest to locks", () => {
    expect(connectionBudget(undefined)).toEqual({ statements: 10, locks: 20 });
    expect(connectionBudget(3)).toEqual({ statements: 2, locks: 1 });
    expect(connectionBudget(7)).toEqual({ statements: 2, locks: 5 });
    expect(connectionBudget(9)).toEqual({ statements: 3, locks: 6 });
    expect(connectionBudget(100)).toEqual({ statements: 33, locks: 67 });
  });

  it("refuses a budget that leaves a pool empty, or is not a whole number, in one sentence", () => {
    for (const bad of [2, 0, -3, 4.5, Number.NaN, Infinity]) {
      const refused = (() => {
        try {
          connectionBudget(bad);
        } catch (error) {
          return error;
        }
      })();
      expect(refused, String(bad)).toBeInstanceOf(PersistenceError);
      expect((refused as PersistenceError).code).toBe("bad-max-connections");
      expect((refused as Error).message).toMatch(/at least 3 connections/);
    }
  });
});

/** The trip, whole: message, two row clicks, Pay; returns the booking's reply. */
async function trip(flow: Awaited<ReturnType<typeof createFlow>>, model: ScriptedChatModel, thread: string): Promise<string | undefined> {
  model.script({ conference: "Lisbon AI Summit", nights: 3 });
  await flow.send(thread, { text: "Lisbon AI Summit, 3 nights" });
  await flow.send(thread, { pick: { flight_id: "TP1350" } });
  const hotel = await flow.send(thread, { pick: { hotel_id: "H-BAIXA" } });
  const paid = await flow.send(thread, { press: "pay", card: hotel.cards[0]!.digest });
  return paid.reply.at(-1);
}

describe.skipIf(!PG_URL)("a PostgreSQL store's connections", () => {
  it.each([3, 9])("stay within maxConnections %i while more conversations than that run at once, and every one is booked", async (max) => {
    const app = `budget-${max}-${process.pid}-${Date.now()}`;
    const store = await openCheckpointer(namedUrl(PG_URL!, app), { maxConnections: max });
    opened.push(store);
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: TRIP, model, store, now: NOW });
    const replies: Array<string | undefined> = [];
    const peak = await peakConnections(PG_URL!, app, async () => {
      replies.push(...(await Promise.all(Array.from({ length: 4 * max }, (_, i) => trip(flow, model, `${app}-${i}`)))));
    });
    expect(replies.every((r) => r?.startsWith("Booked.")), replies.join(" / ")).toBe(true);
    expect(peak).toBeGreaterThanOrEqual(2);
    expect(peak).toBeLessThanOrEqual(max);
    for (let i = 0; i < 4 * max; i += 1) expect(await store.footprint(`${app}-${i}`)).toMatchObject({ checkpoints: 1, writes: 0 });
  }, 120_000);

  it("default to 30: more than a small budget under load, never more than 30", async () => {
    const app = `budget-default-${process.pid}-${Date.now()}`;
    const store = await openCheckpointer(namedUrl(PG_URL!, app));
    opened.push(store);
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: TRIP, model, store, now: NOW });
    const peak = await peakConnections(PG_URL!, app, () => Promise.all(Array.from({ length: 40 }, (_, i) => trip(flow, model, `${app}-${i}`))));
    expect(peak).toBeGreaterThan(3);
    expect(peak).toBeLessThanOrEqual(30);
  }, 120_000);

  it("are named skillflow in pg_stat_activity unless the URL names them", async () => {
    const store = await openCheckpointer(PG_URL);
    opened.push(store);
    const pool = (store.saver as unknown as { pool: pg.Pool }).pool;
    expect((await pool.query("SHOW application_name")).rows[0]).toEqual({ application_name: "skillflow" });
  });

  it("refuses maxConnections below 3 before connecting", async () => {
    await expect(openCheckpointer("postgres://nobody@127.0.0.1:1/none", { maxConnections: 2 })).rejects.toMatchObject({ code: "bad-max-connections" });
  });
});

if (!PG_URL) describe("a PostgreSQL store's connections", () => it.skip(PG_SKIP_REASON, () => undefined));
