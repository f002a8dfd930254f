/**
 * A turn on PostgreSQL costs a bounded number of round trips: the lock and its release, one query for
 * the conversation's head (its latest checkpoint id, and whether writes are pending against it), one
 * statement per checkpoint and per task's writes, one for the prune — and no read of a checkpoint when
 * the flow's last turn stored it (remembering-saver.ts; before, LangGraph read it back at every invoke). LangGraph's PostgresSaver alone sends BEGIN, an INSERT per changed channel
 * and COMMIT for each checkpoint: a row click of the trip was 48 statements and Pay 109 before issue 24.
 * Counted at `pg`'s Client#query, which every pool and connection goes through.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { createFlow } from "../../src/create-flow.js";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import type { Persistence } from "../../src/persistence/persistence.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { sentBy } from "./pg-sent.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";

notePgSkipped("round trips per turn");
const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const opened: Persistence[] = [];
afterAll(async () => void (await Promise.all(opened.map((s) => s.close()))));

/** The statements `fn` sends, by their first words. */
const statementsOf = async (fn: () => Promise<unknown>): Promise<string[]> => (await sentBy(fn)).map((s) => s.text);

describe.skipIf(!PG_URL)("a turn on PostgreSQL", () => {
  it("sends one statement per checkpoint and per task's writes, and reads no checkpoint: 5 for a row click, 13 for Pay's four bookings", async () => {
    const store = await openCheckpointer(PG_URL);
    opened.push(store);
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: TRIP, model, store, now: "2027-03-01T09:00:00Z" });
    const thread = `round-trips-${Date.now()}`;
    model.script({ conference: "Lisbon AI Summit", nights: 3 });
    await flow.send(thread, { text: "Lisbon AI Summit, 3 nights" });
    const click = await statementsOf(() => flow.send(thread, { pick: { flight_id: "TP1350" } }));
    expect(click.filter((s) => /^(BEGIN|COMMIT)/i.test(s))).toEqual([]);
    expect(click.length, click.join("\n")).toBeLessThanOrEqual(5);
    const reads = (statements: string[]) => statements.filter((s) => /^\s*select thread_id, checkpoint,/i.test(s));
    expect(reads(click)).toEqual([]);
    const hotel = await flow.send(thread, { pick: { hotel_id: "H-BAIXA" } });
    let paid: Awaited<ReturnType<typeof flow.send>> | undefined;
    const pay = await statementsOf(async () => (paid = await flow.send(thread, { press: "pay", card: hotel.cards[0]!.digest })));
    expect(paid?.reply.at(-1)).toMatch(/^Booked\./);
    expect(pay.length, pay.join("\n")).toBeLessThanOrEqual(13);
    expect(reads(pay)).toEqual([]);
    expect(await store.footprint(thread)).toMatchObject({ checkpoints: 1, writes: 0 });
  });
});

if (!PG_URL) describe("a turn on PostgreSQL", () => it.skip(PG_SKIP_REASON, () => undefined));
