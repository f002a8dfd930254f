// A run whose state read fails after its turns were recorded as shown (the thread's outbox emptied, its
// last turn moved on) still sends those turns, then the failure: a transient store error never loses the
// turn an approver produced while the customer was away. The state is read only by a run that sends the
// flow no event (a look while the approval's turn waits in the outbox); a run that sends one takes the
// state its last turn left (`send(…, { withState: true })`), so it has no read to fail.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { AguiDriver } from "./helpers/agui-driver.js";
import { answerRequest, basicAuth, refundUpToApproval, requestOf } from "./helpers/refund-story.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

let serve: ServeFixture;
const SAM = basicAuth("sam", "sam-credential-1");
beforeAll(async () => {
  const approvers = approverDirectory({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("sam-credential-1") } } });
  serve = await startServe({ skills: [skillPath("order-refund")], approvers });
});
afterAll(() => serve.close());

const refundLine = (t: string) => /^Refund RF-.* for the Espresso machine is on its way/.test(t);

describe("a run whose state read fails after its turns were recorded", () => {
  it("still delivers the approval's turn (kept in the outbox) to the customer", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "refund-state-fails");
    expect((await refundUpToApproval(chat)).interrupt).toMatchObject({ reason: "approval" });
    const request = await requestOf(serve.url, SAM, "refund-state-fails");
    expect((await answerRequest(serve.url, request.id, SAM)).status).toBe(200);

    // The customer's page looks while the refund's turn waits in the outbox; the state read fails once.
    const spy = vi.spyOn(serve.server.flow, "state").mockRejectedValueOnce(new Error("connection terminated unexpectedly"));
    const failed = await chat.look();
    const reads = spy.mock.calls.length;
    spy.mockRestore();
    expect(reads).toBe(1);
    expect(failed.error?.message).toContain("connection terminated unexpectedly");
    expect(failed.text.some(refundLine)).toBe(true);
  });

  it("reads no state when the run sends an event: the approval's turn and the state its own turn left arrive", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "refund-state-from-turn");
    expect((await refundUpToApproval(chat)).interrupt).toMatchObject({ reason: "approval" });
    const request = await requestOf(serve.url, SAM, "refund-state-from-turn");
    expect((await answerRequest(serve.url, request.id, SAM)).status).toBe(200);

    const spy = vi.spyOn(serve.server.flow, "state").mockRejectedValue(new Error("connection terminated unexpectedly"));
    const typed = await chat.say("thanks");
    const reads = spy.mock.calls.length;
    spy.mockRestore();
    expect(reads).toBe(0);
    expect(typed.error).toBeUndefined();
    expect(typed.text.some(refundLine)).toBe(true);
    const now = await serve.server.flow.state("refund-state-from-turn");
    expect(typed.state).toEqual({
      skill: "order-refund",
      answers: Object.fromEntries(Object.entries(now!.answers).map(([key, a]) => [key, { value: a.value, by: a.by }])),
      pending: now!.pending ?? null,
      writes: Object.values(now!.ledger).map((e) => ({ tool: e.tool, instance: e.instance, status: e.status })),
      approvals: Object.values(now!.approvals).map((r) => ({ confirm: r.confirm, role: r.role, status: r.status })),
      usage: now!.usage,
      done: now!.pending?.kind === "done",
      handedOff: null,
      ended: null,
    });
    expect(typed.state!.writes.some((w: { tool: string; status: string }) => w.tool === "issue_refund" && w.status === "done")).toBe(true);
  });
});
