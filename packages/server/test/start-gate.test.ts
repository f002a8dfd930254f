// The start gate: runs admitted in one turn of the event loop are let through together, and none before
// the loop turns (with real timers even under a host's fake ones). And the shutdown it made visible: a
// request counts as running from the moment it is admitted, so a shutdown that begins while its body is
// still arriving waits for it to finish — a run on /agui and an answer on /approvals alike.
import { approverDirectory, hashCredential } from "@skillflow/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStartGate } from "../src/agui/start-gate.js";
import { basicAuth } from "./helpers/refund-story.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const settled = (p: Promise<unknown>) => {
  const state = { done: false };
  void p.then(() => (state.done = true));
  return state;
};
const eventsOf = (text: string) => text.split("\n\n").filter((c) => c.startsWith("data: ")).map((c) => JSON.parse(c.slice(6)) as { type: string });
const nextLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** A request body whose first bytes arrive now and the rest only on `finish()`. */
function heldBody(first: string, rest: string): { stream: ReadableStream<Uint8Array>; finish(): void } {
  let finish!: () => void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      finish = () => {
        controller.enqueue(new TextEncoder().encode(rest));
        controller.close();
      };
    },
  });
  return { stream, finish: () => finish() };
}

describe("createStartGate", () => {
  it("lets every run admitted before the loop turns through at once, and none before", async () => {
    const gate = createStartGate();
    const first = gate();
    const second = gate();
    expect(second).toBe(first);
    const passed = settled(first);
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(passed.done).toBe(false);
    await nextLoopTurn();
    expect(passed.done).toBe(true);
  });

  it("opens a new gate for runs admitted after the last one opened", async () => {
    const gate = createStartGate();
    const first = gate();
    await first;
    const later = gate();
    expect(later).not.toBe(first);
    const passed = settled(later);
    await Promise.resolve();
    expect(passed.done).toBe(false);
    await later;
  });

  it("still lets runs through under a host's fake timers (vitest fakes setImmediate)", async () => {
    const serve = await startServe({ auth: "none" });
    const realTimeout = setTimeout;
    vi.useFakeTimers();
    try {
      const answer = serve.server.agui(new Request("http://local/agui", {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: "fake-timers", runId: "r1", messages: [] }),
      }));
      const outcome = await Promise.race([
        answer.then(async (r) => `${r.status} ${(await r.text()).includes("RUN_FINISHED")}`),
        new Promise<string>((resolve) => realTimeout(() => resolve(`no answer, inflight=${serve.server.inflight}`), 2000)),
      ]);
      expect(outcome).toBe("200 true");
    } finally {
      vi.useRealTimers();
      await serve.close();
    }
  });
});

describe("shutdown while a run's body is still arriving", () => {
  let serve: ServeFixture | undefined;
  afterEach(async () => {
    await serve?.close();
    serve = undefined;
  });

  it("waits for that run, which finishes with RUN_FINISHED, not a failure of a closed store", async () => {
    serve = await startServe();
    const token = await newToken(serve.url);
    const body = JSON.stringify({ threadId: "slow-body", runId: "r1", messages: [{ id: "m1", role: "user", content: "Lisbon AI Summit, 3 nights" }] });
    const { stream, finish: finishBody } = heldBody(body.slice(0, 20), body.slice(20));
    const request = new Request(`${serve.url}/agui`, {
      method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: stream, duplex: "half",
    } as RequestInit);
    const answer = serve.server.agui(request);
    await nextLoopTurn();
    expect(serve.server.inflight).toBe(1);
    const stopped = settled(serve.server.shutdown(5000));
    await nextLoopTurn();
    expect(stopped.done).toBe(false);
    finishBody();
    const response = await answer;
    expect(response.status).toBe(200);
    const events = eventsOf(await response.text());
    expect(events.map((e) => e.type)).toContain("RUN_FINISHED");
    expect(events.map((e) => e.type)).not.toContain("RUN_ERROR");
    await serve.server.shutdown();
    expect(stopped.done).toBe(true);
    expect(serve.server.inflight).toBe(0);
  });

  it("waits for an approver's answer whose body is still arriving: an answer, not a closed store's 500", async () => {
    const approvers = approverDirectory({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("s1") } } });
    serve = await startServe({ skills: [skillPath("order-refund")], approvers });
    const { stream, finish: finishBody } = heldBody('{"yes":', "true}");
    const sam = basicAuth("sam", "s1");
    const answer = serve.server.approvals(new Request(`${serve.url}/approvals/a_unknown`, {
      method: "POST", headers: { "content-type": "application/json", ...sam }, body: stream, duplex: "half",
    } as RequestInit));
    await nextLoopTurn();
    const stopped = settled(serve.server.shutdown(5000));
    await nextLoopTurn();
    expect(stopped.done).toBe(false);
    finishBody();
    const response = await answer;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No approval request a_unknown." });
    await serve.server.shutdown();
    expect(stopped.done).toBe(true);
    const late = await serve.server.approvals(new Request(`${serve.url}/approvals`, { headers: sam }));
    expect(late.status).toBe(503);
  });
});
