/**
 * Two `flow serve` processes on one PostgreSQL serve the same conversations: a caller's token, the
 * thread's owner and its open interrupt are shared, so a conversation can move from one process to
 * the other at every run; two runs for one thread sent to both processes at once are served one
 * after the other (the thread lock holds across them); the trip is booked once. An approval filed in one
 * process is listed and answered in the other, and the customer's process delivers the result. Needs PG_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashCredential } from "@skillflow/server";
import { AguiDriver } from "../../server/test/helpers/agui-driver.js";
import { answerRequest, basicAuth, refundUpToApproval, requestOf } from "../../server/test/helpers/refund-story.js";
import { startServeProcess, type ServeProcess } from "./serve-process.js";

const PG_URL = process.env.PG_URL || undefined;
if (!PG_URL) console.warn("flow serve on PostgreSQL: SKIPPED: PG_URL is unset (.ci/run starts PostgreSQL and sets it)");

let a: ServeProcess;
let b: ServeProcess;
beforeAll(async () => {
  if (!PG_URL) return;
  [a, b] = await Promise.all([0, 1].map(() => startServeProcess(["skills/conference-trip", "--db", PG_URL!])));
}, 60_000);
afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((p) => p.stop()));
});

const turnLines = (p: ServeProcess, thread: string) =>
  p.stdout().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)).filter((l) => l.thread === thread);

describe.skipIf(!PG_URL)("flow serve: two processes, one PostgreSQL", () => {
  it("share callers, threads and interrupts; serialize runs of one thread across processes; book once", async () => {
    const token = (await (await fetch(`${a.url}/sessions`, { method: "POST" })).json()).token as string;
    const thread = `pg-trip-${Date.now()}`;
    const onA = new AguiDriver(a.url, token, thread);
    const onB = new AguiDriver(b.url, token, thread);
    const move = (from: AguiDriver, to: AguiDriver) => (to.agent.pendingInterrupts = [...from.agent.pendingInterrupts]);

    await onA.look();
    move(onA, onB);
    const flights = await onB.say("Lisbon AI Summit, 3 nights");
    expect(flights.interrupt!.reason).toBe("input_required");
    move(onB, onA);
    await onA.answer({ flight_id: "TP1350" });

    // Two corrections at once, one to each process: both are applied, one after the other.
    const at = (driver: AguiDriver, id: string, text: string) => driver.raw({ runId: id, messages: [{ id, role: "user", content: text }] });
    const [ra, rb] = await Promise.all([at(onA, "c1", "make it 1 night"), at(onB, "c2", "make it 2 nights")]);
    for (const r of [ra, rb]) expect(r.events.at(-1)!.type).toBe("RUN_FINISHED");
    const texts = [...turnLines(a, thread), ...turnLines(b, thread)].filter((l) => l.event === "text");
    expect(texts).toHaveLength(3);
    const spans = texts.map((l) => [Date.parse(l.at) - l.durationMs, Date.parse(l.at)]).sort((x, y) => x[0]! - y[0]!);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]! + 1).toBeGreaterThanOrEqual(spans[i - 1]![1]!);

    onB.agent.pendingInterrupts = [];
    const where = await onB.look();
    const nights = where.state!.answers.nights.value;
    expect([1, 2]).toContain(nights);
    onA.agent.pendingInterrupts = [...onB.agent.pendingInterrupts];
    const card = await onA.answer({ hotel_id: "H-BAIXA" });
    expect(card.interrupt!.reason).toBe("confirmation");
    move(onA, onB);
    const paid = await onB.answer({ yes: true });
    expect(paid.text.at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    // The yes, sent again to the other process, answers nothing.
    move(onB, onA);
    const again = await onA.look();
    expect(again.state!.writes.map((w: { tool: string; status: string }) => `${w.tool}:${w.status}`))
      .toEqual(["hold_flight:done", "hold_hotel:done", "reserve_cab:done", "take_payment:done"]);
    expect([...turnLines(a, thread), ...turnLines(b, thread)].filter((l) => l.tools.includes("take_payment"))).toHaveLength(1);
  });
});

describe.skipIf(!PG_URL)("flow serve: approvals across processes", () => {
  it("a request filed through one process is listed and approved on the other", async () => {
    const approvers = JSON.stringify({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("sam-pg-secret") } } });
    const [shop, desk] = await Promise.all([0, 1].map(() => startServeProcess(["skills/order-refund", "--db", PG_URL!], { FLOW_APPROVERS: approvers })));
    try {
      const token = (await (await fetch(`${shop.url}/sessions`, { method: "POST" })).json()).token as string;
      const thread = `pg-refund-${Date.now()}`;
      const chat = new AguiDriver(shop.url, token, thread);
      const waiting = await refundUpToApproval(chat);
      expect(waiting.interrupt!.reason).toBe("approval");
      const sam = basicAuth("sam", "sam-pg-secret");
      const request = await requestOf(desk.url, sam, thread);
      const approved = await answerRequest(desk.url, request.id, sam);
      expect(approved.status).toBe(200);
      const next = await chat.look();
      expect(next.text.some((t) => /^Refund RF-\S+ for the Espresso machine is on its way/.test(t))).toBe(true);
      expect(turnLines(desk, thread).map((l) => [l.via, l.event, l.tools])).toEqual([["approval", "approve", ["issue_refund"]]]);
    } finally {
      await Promise.all([shop.stop(), desk.stop()]);
    }
  });
});
