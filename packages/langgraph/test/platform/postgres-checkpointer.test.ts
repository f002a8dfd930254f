/**
 * A hosted skill on a PostgreSQL checkpointer (LangGraph's PostgresSaver, the nearest to LangGraph
 * Platform's store that runs here): the ledger carries over — a run cut short before a write is finished
 * once by a retry from its checkpoint, and a second retry runs nothing — and Skillflow's encryption does
 * not: the store holds the runtime's state as LangGraph serializes it, a typed secret in clear.
 */
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { Command } from "@langchain/langgraph";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";
import { createTempDatabase } from "../../../../test/fixtures/durable/temp-pg-database.js";
import { createSkillGraph } from "../../src/platform/index.js";
import { ORDER, tripAtCheckout } from "./trip-at-checkout.js";

const TRIP = new URL("../../../../skills/conference-trip", import.meta.url).pathname;

notePgSkipped("A hosted skill");

describe.skipIf(!PG_URL)("a hosted skill on a PostgreSQL checkpointer", () => {
  let db: { url: string; drop: () => Promise<void> };
  let saver: PostgresSaver;
  beforeAll(async () => {
    db = await createTempDatabase(PG_URL!, "platform");
    saver = PostgresSaver.fromConnString(db.url);
    await saver.setup();
  });
  afterAll(async () => {
    await saver?.end();
    await db?.drop();
  });

  it("finishes a cut-short run once from its checkpoint; the bookings are never run twice", async () => {
    const { graph, config, calls, stored } = await tripAtCheckout(saver);
    expect((await stored()).call?.tool).toBe("hold_flight");
    await graph.invoke(null, config);
    await graph.invoke(null, config);
    expect(calls.map((c) => c.tool)).toEqual(ORDER);
    expect(new Set(calls.map((c) => c.key)).size).toBe(4);
    expect(Object.values((await stored()).flow!.ledger).map((e) => e.status)).toEqual(["done", "done", "done", "done"]);
  }, 60_000);

  it("stores a typed secret in clear (encryption at rest is the platform's, not Skillflow's)", async () => {
    const graph = await createSkillGraph({ skill: TRIP, model: "offline", checkpointer: saver });
    const config = { configurable: { thread_id: "secret" } };
    // 4 nights: over the budget, so the approval code is asked, a secret.
    await graph.invoke({ messages: [{ role: "user", content: "Book me for the Lisbon AI Summit, 4 nights" }] }, config);
    await graph.invoke(new Command({ resume: { pick: { flight_id: "TP1350" } } }), config);
    await graph.invoke(new Command({ resume: { pick: { hotel_id: "H-BAIXA" } } }), config);
    const waiting = (await graph.getState(config)).tasks[0]?.interrupts[0]?.value as { field?: string; secret?: boolean } | undefined;
    expect(waiting).toMatchObject({ field: "approval_code", secret: true });
    await graph.invoke(new Command({ resume: "MG-482913" }), config);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const found = await client.query("SELECT (SELECT count(*) FROM checkpoint_blobs WHERE position($1::bytea in blob) > 0) + (SELECT count(*) FROM checkpoint_writes WHERE position($1::bytea in blob) > 0) AS n", [Buffer.from("MG-482913")]);
      expect(Number(found.rows[0].n)).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
    expect(JSON.stringify((await graph.getState(config)).values)).not.toContain("MG-482913");
  }, 60_000);
});
