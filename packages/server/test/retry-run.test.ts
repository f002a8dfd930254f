/**
 * A retried run is answered once (runs/run-journal.ts). A front end whose request failed sends the same
 * run again — the same threadId, runId and body: after the run finished, it gets the same events and
 * nothing is applied again; after its process died between the flow's turn and the server's record of
 * it (emulated by putting the thread's row back as it was before the run), the retry is answered with
 * that turn and the flow does not take the event twice. The same runId with another body is a new run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const dir = mkdtempSync(join(tmpdir(), "retry-run-"));
const db = join(dir, "serve.sqlite");
let serve: ServeFixture;
let token: string;
beforeAll(async () => {
  serve = await startServe({ db });
  token = await newToken(serve.url);
});
afterAll(async () => {
  await serve?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Event = { type: string; [key: string]: any };
async function run(body: Record<string, unknown>): Promise<Event[]> {
  const response = await fetch(`${serve.url}/agui`, {
    method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ messages: [], ...body }),
  });
  const text = await response.text();
  return text.split("\n\n").filter((c) => c.startsWith("data: ")).map((c) => JSON.parse(c.slice(6)) as Event);
}
const interruptOf = (events: Event[]) => events.find((e) => e.type === "RUN_FINISHED")?.outcome?.interrupts?.[0];
const textOf = (events: Event[]) => events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta as string);
const turnsOf = (thread: string) => serve.logs.map((l) => JSON.parse(l)).filter((l) => l.thread === thread && l.event && !l.repeated);

/** The trip up to the hotel grid; returns the open interrupt's id. */
async function toHotels(thread: string): Promise<string> {
  await run({ threadId: thread, runId: "r0" });
  const flights = await run({ threadId: thread, runId: "r1", messages: [{ id: "m1", role: "user", content: "Lisbon AI Summit, 3 nights" }] });
  const hotels = await run({ threadId: thread, runId: "r2", resume: [{ interruptId: interruptOf(flights).id, status: "resolved", payload: { flight_id: "TP1350" } }] });
  return interruptOf(hotels).id;
}

/** The thread's row in the server's own table, to put back as it was (a process that died before writing it). */
function threadRow(thread: string): () => void {
  const sqlite = new Database(db);
  const row = sqlite.prepare("SELECT * FROM skillflow_serve_threads WHERE thread_id = ?").get(thread) as Record<string, unknown>;
  sqlite.close();
  return () => {
    const again = new Database(db);
    const columns = Object.keys(row).filter((c) => c !== "thread_id");
    again.prepare(`UPDATE skillflow_serve_threads SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE thread_id = ?`)
      .run(...columns.map((c) => row[c]), thread);
    again.close();
  };
}

describe("a retried run", () => {
  it("that finished is answered with the same events, and nothing is applied again", async () => {
    const thread = "retry-finished";
    const hotels = await toHotels(thread);
    const body = { threadId: thread, runId: "r3", resume: [{ interruptId: hotels, status: "resolved", payload: { hotel_id: "H-BAIXA" } }] };
    const first = await run(body);
    expect(interruptOf(first).reason).toBe("confirmation");
    const turns = turnsOf(thread).length;
    const again = await run(body);
    expect(again.slice(1)).toEqual(first.slice(1));
    expect(turnsOf(thread)).toHaveLength(turns);

    // The card's yes, retried after it finished: the same "Booked." and one payment.
    const pay = { threadId: thread, runId: "r4", resume: [{ interruptId: interruptOf(first).id, status: "resolved", payload: { yes: true } }] };
    const paid = await run(pay);
    expect(textOf(paid).at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    expect(textOf(await run(pay))).toEqual(textOf(paid));
    expect(turnsOf(thread).filter((l) => l.tools.includes("take_payment"))).toHaveLength(1);
  });

  it("whose process died after the flow took its event is answered with that turn, applied once", async () => {
    const thread = "retry-died";
    const hotels = await toHotels(thread);
    const card = await run({ threadId: thread, runId: "r3", resume: [{ interruptId: hotels, status: "resolved", payload: { hotel_id: "H-BAIXA" } }] });
    const putBack = threadRow(thread);
    const pay = { threadId: thread, runId: "r4", resume: [{ interruptId: interruptOf(card).id, status: "resolved", payload: { yes: true } }] };
    const paid = await run(pay);
    expect(textOf(paid).at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    putBack();
    const retried = await run(pay);
    expect(textOf(retried)).toEqual(textOf(paid));
    expect(retried.at(-1)!.type).toBe("RUN_FINISHED");
    const logged = serve.logs.map((l) => JSON.parse(l)).filter((l) => l.thread === thread && l.event === "press");
    expect(logged.map((l) => l.repeated ?? false)).toEqual([false, true]);
    expect(logged[0].tools).toContain("take_payment");
    expect(logged[1].tools).toContain("take_payment");
  });

  it("a message whose process died after the flow took it is not sent to the flow again", async () => {
    const thread = "retry-died-text";
    await run({ threadId: thread, runId: "r0" });
    const putBack = threadRow(thread);
    const body = { threadId: thread, runId: "r1", messages: [{ id: "m1", role: "user", content: "Lisbon AI Summit, 3 nights" }] };
    const first = await run(body);
    putBack();
    const again = await run(body);
    expect(textOf(again)).toEqual(textOf(first));
    expect(interruptOf(again).metadata.skillflow.field).toBe("flight_id");
    expect(serve.logs.map((l) => JSON.parse(l)).filter((l) => l.thread === thread && l.event === "text").map((l) => l.repeated ?? false)).toEqual([false, true]);
  });

  it("with the same runId and another body is a new run", async () => {
    const thread = "retry-other-body";
    await run({ threadId: thread, runId: "same" });
    const flights = await run({ threadId: thread, runId: "same", messages: [{ id: "m1", role: "user", content: "Lisbon AI Summit, 3 nights" }] });
    expect(interruptOf(flights).metadata.skillflow.field).toBe("flight_id");
    const hotels = await run({ threadId: thread, runId: "same", resume: [{ interruptId: interruptOf(flights).id, status: "resolved", payload: { flight_id: "TP1350" } }] });
    expect(interruptOf(hotels).metadata.skillflow.field).toBe("hotel_id");
  });
});
