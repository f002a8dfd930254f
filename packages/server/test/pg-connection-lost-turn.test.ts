/**
 * PostgreSQL connections dropped right after a turn went through the flow (the checkout's Pay:
 * the payment is taken), before the server recorded it. The run ends with RUN_ERROR, which is fair;
 * but the turn is lost: the next run shows the Pay card again, with the same interrupt id, as if
 * nothing had been paid, and the server's record no longer matches the flow. Needs PG_URL.
 *
 * The drop is made deterministic by the log hook (called right after flow.send returns): it terminates
 * every other backend of the database synchronously, in a child process.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { createTempDatabase } from "../../../test/fixtures/durable/temp-pg-database.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const PG_URL = process.env.PG_URL || undefined;
const KILL = `const pg = require("pg"); const c = new pg.Client({ connectionString: process.argv[1] });
c.connect().then(() => c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")).then(() => c.end());`;
let armed = false;
let serve: ServeFixture;
/** A database of its own: the drop terminates every connection to it, and no other test file uses it. */
let temp: Awaited<ReturnType<typeof createTempDatabase>> | undefined;
beforeAll(async () => {
  if (!PG_URL) return;
  temp = await createTempDatabase(PG_URL, "lost_turn");
  const url = temp.url;
  serve = await startServe({
    db: url,
    log: (line) => {
      if (!armed || !line.includes('"event":"press"')) return;
      armed = false;
      spawnSync(process.execPath, ["-e", KILL, url], { cwd: process.cwd(), stdio: "inherit" });
    },
  });
});
afterAll(async () => {
  await serve?.close();
  await temp?.drop();
});

describe.skipIf(!PG_URL)("the database connection drops right after a turn", () => {
  it("the next run shows what the turn did, not the card it already answered", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), `lost-turn-${Date.now()}`);
    await chat.look();
    await chat.say("Lisbon AI Summit, 3 nights");
    await chat.answer({ flight_id: "TP1350" });
    const checkout = await chat.answer({ hotel_id: "H-BAIXA" });
    expect(checkout.interrupt).toMatchObject({ reason: "confirmation" });
    const cardInterrupt = checkout.interrupt!.id;

    armed = true;
    const paid = await chat.run({ resume: [{ interruptId: cardInterrupt, status: "resolved", payload: { yes: true } }] });
    expect(armed).toBe(false);
    // The run itself may end in RUN_ERROR (the flow's own connections were dropped too); its turns are shown.
    expect(paid.text.some((t: string) => t.startsWith("Booked."))).toBe(true);

    const next = await chat.raw({});
    const text = next.events.filter((e: any) => e.type === "TEXT_MESSAGE_CONTENT").map((e: any) => e.delta);
    const finished = next.events.find((e: any) => e.type === "RUN_FINISHED") as any;
    const state = (next.events.find((e: any) => e.type === "STATE_SNAPSHOT") as any)?.snapshot;
    // The flow took the payment (its state says so) …
    expect(state.writes.map((w: any) => `${w.tool}:${w.status}`)).toContain("take_payment:done");
    // … so the conversation must not offer the same Pay card, under the same interrupt id, again.
    expect(finished.outcome.type === "interrupt" ? finished.outcome.interrupts[0].id : null).not.toBe(cardInterrupt);
    expect(text).not.toContain("Pay 1020 EUR for flight TP1350 and 3 nights at Hotel Baixa Nova?");
  });
});
