/**
 * On PostgreSQL a turn's statements are named prepared statements (preparing-pool.ts): parsed and
 * planned once per connection, then run by name. A pool names at most MAX_NAMED texts; the option
 * `preparedStatements: false` (for a pooler that shares sessions) sends every statement unnamed.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { createFlow } from "../../src/create-flow.js";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import type { Persistence } from "../../src/persistence/persistence.js";
import { MAX_NAMED, PreparingPool } from "../../src/persistence/preparing-pool.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { sentBy } from "./pg-sent.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";

notePgSkipped("prepared statements");
const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const opened: Array<{ close(): Promise<unknown> }> = [];
afterAll(async () => void (await Promise.all(opened.map((s) => s.close()))));

async function tripTurns(store: Persistence, thread: string) {
  const model = new ScriptedChatModel();
  const flow = await createFlow({ skill: TRIP, model, store, now: "2027-03-01T09:00:00Z" });
  model.script({ conference: "Lisbon AI Summit", nights: 3 });
  await flow.send(thread, { text: "Lisbon AI Summit, 3 nights" });
  return sentBy(async () => {
    await flow.send(thread, { pick: { flight_id: "TP1350" } });
    const hotel = await flow.send(thread, { pick: { hotel_id: "H-BAIXA" } });
    const paid = await flow.send(thread, { press: "pay", card: hotel.cards[0]!.digest });
    expect(paid.reply.at(-1)).toMatch(/^Booked\./);
  });
}

describe.skipIf(!PG_URL)("prepared statements on PostgreSQL", () => {
  it("sends every statement of a turn that has parameters by name, the same text under the same name", async () => {
    const store = await openCheckpointer(PG_URL);
    opened.push(store);
    const sent = await tripTurns(store, `prepared-${Date.now()}`);
    const withParams = sent.filter((s) => s.params > 0);
    expect(withParams.length).toBeGreaterThan(20);
    expect(withParams.filter((s) => !s.name), JSON.stringify(withParams.filter((s) => !s.name))).toEqual([]);
    const names = new Map<string, Set<string>>();
    for (const s of withParams) names.set(s.name!, (names.get(s.name!) ?? new Set()).add(s.text));
    expect(names.size).toBeLessThan(withParams.length);
    for (const texts of names.values()) expect(texts.size).toBe(1);
  });

  it("sends them unnamed with preparedStatements: false", async () => {
    const store = await openCheckpointer(PG_URL, { preparedStatements: false });
    opened.push(store);
    const sent = await tripTurns(store, `unprepared-${Date.now()}`);
    expect(sent.length).toBeGreaterThan(20);
    expect(sent.filter((s) => s.name)).toEqual([]);
  });

  it("prepares a text once per connection, runs it by name, and names no more than MAX_NAMED texts", async () => {
    const pool = new PreparingPool({ connectionString: PG_URL, max: 1 });
    opened.push({ close: () => pool.end() });
    for (let i = 0; i < 7; i += 1) expect((await pool.query("SELECT $1::int + 1 AS n", [i])).rows).toEqual([{ n: i + 1 }]);
    const [row] = (await pool.query("SELECT name, generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE statement = 'SELECT $1::int + 1 AS n'")).rows;
    expect(row).toEqual({ name: pool.nameOf("SELECT $1::int + 1 AS n"), runs: "7" });
    for (let i = 0; i < MAX_NAMED + 10; i += 1) await pool.query(`SELECT $1::int + ${i} AS n`, [1]);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'skillflow_%'");
    expect(rows).toEqual([{ n: MAX_NAMED }]);
    // Past the bound, statements still run (unnamed).
    expect((await pool.query("SELECT $1::int * 2 AS n", [21])).rows).toEqual([{ n: 42 }]);
  });
});

if (!PG_URL) describe("prepared statements on PostgreSQL", () => it.skip(PG_SKIP_REASON, () => undefined));
