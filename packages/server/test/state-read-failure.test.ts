// A run whose state read fails after its turns were recorded as shown (the thread's outbox emptied, its
// last turn moved on) still sends those turns, then the failure: a transient store error never loses the
// turn an approver produced while the customer was away.
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

describe("a run whose state read fails after its turns were recorded", () => {
  it("still delivers the approval's turn (kept in the outbox) to the customer", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "refund-state-fails");
    expect((await refundUpToApproval(chat)).interrupt).toMatchObject({ reason: "approval" });
    const request = await requestOf(serve.url, SAM, "refund-state-fails");
    expect((await answerRequest(serve.url, request.id, SAM)).status).toBe(200);

    // The customer types while the refund's turn waits in the outbox; the state read fails once.
    const spy = vi.spyOn(serve.server.flow, "state").mockRejectedValueOnce(new Error("connection terminated unexpectedly"));
    const failed = await chat.say("keep");
    spy.mockRestore();
    expect(failed.error?.message).toContain("connection terminated unexpectedly");

    const refundLine = (t: string) => /^Refund RF-.* for the Espresso machine is on its way/.test(t);
    expect(failed.text.some(refundLine)).toBe(true);
  });
});
