/**
 * Red team of the retried run (issue 24, runs/run-journal.ts; docs/serve.md "Retrying a run"): the same
 * run sent twice at the same time, or again after more runs than the server keeps; the same run with its
 * JSON keys in another order; the same runId and body on another conversation; a press retried after the
 * card it answered changed; the same run from another caller, and after the server restarted; a run that
 * handed the conversation over, retried after its process died before the server recorded it. The
 * oracle: the trip's payment runs at most once per conversation, a retry that can be recognised gets the
 * first attempt's events, and one that cannot changes nothing. With PG_URL, the same run is also sent at
 * once to two servers over one PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const PG_URL = process.env.PG_URL || undefined;

const dir = mkdtempSync(join(tmpdir(), "retried-run-attacks-"));
let serve: ServeFixture;
let token: string;
beforeAll(async () => {
  serve = await startServe({ db: join(dir, "serve.sqlite") });
  token = await newToken(serve.url);
});
afterAll(async () => {
  await serve?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Event = { type: string; [key: string]: any };
/** POST a run as the text given (so a test controls its bytes); the SSE events it streamed. */
async function post(text: string, url = serve.url): Promise<Event[]> {
  const response = await fetch(`${url}/agui`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: text });
  const body = await response.text();
  return body.split("\n\n").filter((c) => c.startsWith("data: ")).map((c) => JSON.parse(c.slice(6)) as Event);
}
const run = (body: Record<string, unknown>, url = serve.url) => post(JSON.stringify({ messages: [], ...body }), url);
const interruptOf = (events: Event[]) => events.find((e) => e.type === "RUN_FINISHED")?.outcome?.interrupts?.[0];
const textOf = (events: Event[]) => events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta as string);
const logsOf = (thread: string, logs = serve.logs) => logs.map((l) => JSON.parse(l)).filter((l) => l.thread === thread && l.event);
const payments = (thread: string, logs = serve.logs) => logsOf(thread, logs).filter((l) => !l.repeated && l.tools?.includes("take_payment")).length;

/** The trip up to its Pay card; the card's interrupt id. */
async function toCard(thread: string, url = serve.url): Promise<string> {
  await run({ threadId: thread, runId: "r0" }, url);
  const flights = await run({ threadId: thread, runId: "r1", messages: [{ id: "m1", role: "user", content: "Lisbon AI Summit, 3 nights" }] }, url);
  const hotels = await run({ threadId: thread, runId: "r2", resume: [{ interruptId: interruptOf(flights).id, status: "resolved", payload: { flight_id: "TP1350" } }] }, url);
  const card = await run({ threadId: thread, runId: "r3", resume: [{ interruptId: interruptOf(hotels).id, status: "resolved", payload: { hotel_id: "H-BAIXA" } }] }, url);
  expect(interruptOf(card).reason).toBe("confirmation");
  return interruptOf(card).id;
}
const payBody = (thread: string, card: string) => ({ threadId: thread, runId: "r4", resume: [{ interruptId: card, status: "resolved", payload: { yes: true } }] });

describe("a retried run, attacked", () => {
  it("sent twice at the same time (the first attempt still running): both get the same answer, and it pays once", async () => {
    const thread = "twice-at-once";
    const body = payBody(thread, await toCard(thread));
    const [a, b] = await Promise.all([run(body), run(body)]);
    expect(textOf(a).at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    expect(b.slice(1)).toEqual(a.slice(1));
    expect(payments(thread)).toBe(1);
  });

  it("sent five times at once on a fresh conversation's first message: one turn is taken", async () => {
    const thread = "five-at-once";
    await run({ threadId: thread, runId: "r0" });
    const body = { threadId: thread, runId: "r1", messages: [{ id: "m1", role: "user", content: "Lisbon AI Summit, 3 nights" }] };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => run(body)));
    for (const answer of answers.slice(1)) expect(answer.slice(1)).toEqual(answers[0]!.slice(1));
    expect(logsOf(thread).filter((l) => l.event === "text")).toHaveLength(1);
  });

  it("with its JSON keys in another order and other whitespace is the same run: the same answer, paid once", async () => {
    const thread = "keys-reordered";
    const card = await toCard(thread);
    const first = await run(payBody(thread, card));
    const reordered = `{ "resume": [ { "payload": { "yes": true }, "status": "resolved", "interruptId": ${JSON.stringify(card)} } ],\n  "runId": "r4", "messages": [], "threadId": ${JSON.stringify(thread)} }`;
    const again = await post(reordered);
    expect(again.slice(1)).toEqual(first.slice(1));
    expect(payments(thread)).toBe(1);
  });

  it("sent again after more runs than the server keeps changes nothing: the card is no longer open, and it paid once", async () => {
    const thread = "retry-too-late";
    const body = payBody(thread, await toCard(thread));
    expect(textOf(await run(body)).at(-1)).toMatch(/^Booked\./);
    for (const i of [5, 6, 7]) await run({ threadId: thread, runId: `r${i}`, messages: [{ id: `m${i}`, role: "user", content: `hello ${i}` }] });
    const late = await run(body);
    expect(late.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "interrupt_not_open" });
    expect(payments(thread)).toBe(1);
  });

  it("with the same runId and body on another conversation is that conversation's own run", async () => {
    const [a, b] = ["same-run-a", "same-run-b"];
    for (const thread of [a, b]) await run({ threadId: thread, runId: "r0" });
    const message = { runId: "shared", messages: [{ id: "m1", role: "user", content: "Lisbon AI Summit, 3 nights" }] };
    const onA = await run({ threadId: a, ...message });
    const onB = await run({ threadId: b, ...message });
    expect(interruptOf(onA).metadata.skillflow.field).toBe("flight_id");
    expect(interruptOf(onB).metadata.skillflow.field).toBe("flight_id");
    expect(interruptOf(onB).id).not.toBe(interruptOf(onA).id);
    expect(onB.find((e) => e.type === "RUN_FINISHED")?.threadId).toBe(b);
    expect(logsOf(a).filter((l) => l.event === "text")).toHaveLength(1);
    expect(logsOf(b).filter((l) => l.event === "text")).toHaveLength(1);
  });

  it("a press retried after the card it answered changed writes nothing it did not confirm", async () => {
    const thread = "card-changed";
    const card = await toCard(thread);
    // The person says no first, then changes the nights: the card is gone (over budget, a code is asked).
    const no = await run({ threadId: thread, runId: "r4", resume: [{ interruptId: card, status: "resolved", payload: { yes: false } }] });
    const changed = await run({ threadId: thread, runId: "r5", resume: [{ interruptId: interruptOf(no).id, status: "cancelled" }], messages: [{ id: "m5", role: "user", content: "make it 4 nights" }] });
    expect(interruptOf(changed).metadata.skillflow.field, "4 nights is over budget: a code is asked, no card is open").toBe("approval_code");
    // The old "no" run is retried (its answer kept): the same events, nothing applied; then r4 as a yes
    // (another body under the same runId) names an interrupt no longer open.
    expect((await run({ threadId: thread, runId: "r4", resume: [{ interruptId: card, status: "resolved", payload: { yes: false } }] })).slice(1)).toEqual(no.slice(1));
    const yesOnOld = await run({ threadId: thread, runId: "r4", resume: [{ interruptId: card, status: "resolved", payload: { yes: true } }] });
    expect(yesOnOld.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "interrupt_not_open" });
    expect(payments(thread)).toBe(0);
  });
});

describe("a retried run, from elsewhere", () => {
  it("sent by another caller gets 404, and none of the run's events", async () => {
    const thread = "other-caller";
    const body = payBody(thread, await toCard(thread));
    const paid = await run(body);
    const response = await fetch(`${serve.url}/agui`, {
      method: "POST", headers: { authorization: `Bearer ${await newToken(serve.url)}`, "content-type": "application/json" }, body: JSON.stringify({ messages: [], ...body }),
    });
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain("Booked");
    expect(text).not.toContain(textOf(paid).at(-1));
    expect(payments(thread)).toBe(1);
  });

  it("sent after the server restarted on the same database gets the same events, and pays once", async () => {
    const db = join(dir, "restart.sqlite");
    const first = await startServe({ db });
    let second: ServeFixture | undefined;
    const saved = token;
    try {
      token = await newToken(first.url);
      const thread = "restarted";
      const body = payBody(thread, await toCard(thread, first.url));
      const paid = await run(body, first.url);
      expect(textOf(paid).at(-1)).toMatch(/^Booked\./);
      await first.close();
      second = await startServe({ db });
      const again = await run(body, second.url);
      expect(again.slice(1)).toEqual(paid.slice(1));
      expect(payments(thread, [...first.logs, ...second.logs])).toBe(1);
    } finally {
      token = saved;
      await second?.close();
    }
  });
});

describe("a retried run that handed the conversation over", () => {
  const HAND_OFF = fileURLToPath(new URL("../../../test/fixtures/serve/hand-off", import.meta.url));
  const handed = () => ((globalThis as Record<string, unknown>).__handedOff ?? []) as Array<{ summary: string; key: string }>;

  it("whose process died before the server recorded it is answered with the hand-off, which ran once", async () => {
    const db = join(dir, "hand-off.sqlite");
    const own = await startServe({ db, skills: [HAND_OFF] });
    const saved = token;
    try {
      token = await newToken(own.url);
      const thread = "retried-hand-off";
      await run({ threadId: thread, runId: "r0" }, own.url);
      // The thread's row as it was before the run: put back, it stands for a process that died after the
      // flow's turn and before the server's record of it.
      const sqlite = new Database(db);
      const row = sqlite.prepare("SELECT * FROM skillflow_serve_threads WHERE thread_id = ?").get(thread) as Record<string, unknown>;
      sqlite.close();
      const before = handed().length;
      const body = { threadId: thread, runId: "r1", messages: [{ id: "m1", role: "user", content: "My parcel arrived broken and I want to talk to a person" }] };
      const first = await run(body, own.url);
      expect(textOf(first)).toContain("A human agent will take it from here. Please hold on.");
      const again = new Database(db);
      const columns = Object.keys(row).filter((c) => c !== "thread_id");
      again.prepare(`UPDATE skillflow_serve_threads SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE thread_id = ?`).run(...columns.map((c) => row[c]), thread);
      again.close();
      const retried = await run(body, own.url);
      expect(textOf(retried)).toEqual(textOf(first));
      expect(retried.at(-1)).toMatchObject({ type: "RUN_FINISHED", result: { done: true, handedOff: { tool: "pass_to_agent" } } });
      expect(handed().slice(before)).toHaveLength(1);
    } finally {
      token = saved;
      await own.close();
    }
  });
});

describe.skipIf(!PG_URL)("a retried run on two servers over one PostgreSQL", () => {
  let two: ServeFixture[] = [];
  beforeAll(async () => void (two = [await startServe({ db: PG_URL! }), await startServe({ db: PG_URL! })]));
  afterAll(async () => void (await Promise.all(two.map((s) => s.close()))));

  it("sent at once to both (a front end retrying on another process while the first still runs): one payment, the same answer", async () => {
    const [a, b] = two as [ServeFixture, ServeFixture];
    const saved = token;
    token = await newToken(a.url);
    try {
      const thread = `two-servers-${Date.now()}`;
      const body = payBody(thread, await toCard(thread, a.url));
      const [onA, onB] = await Promise.all([run(body, a.url), run(body, b.url)]);
      expect(textOf(onA).at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
      expect(onB.slice(1)).toEqual(onA.slice(1));
      expect(payments(thread, [...a.logs, ...b.logs])).toBe(1);
    } finally {
      token = saved;
    }
  });
});
