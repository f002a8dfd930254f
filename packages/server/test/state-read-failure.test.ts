// A run whose state read fails after its turns were recorded as shown (the thread's outbox emptied, its
// last turn moved on) still sends those turns, then the failure: a transient store error never loses the
// turn an approver produced while the customer was away.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { AguiDriver } from "./helpers/agui-driver.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

let serve: ServeFixture;
const SAM = { authorization: `Basic ${Buffer.from("sam:sam-credential-1").toString("base64")}` };
beforeAll(async () => {
  const approvers = approverDirectory({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("sam-credential-1") } } });
  serve = await startServe({ skills: [skillPath("order_refund")], approvers });
});
afterAll(() => serve.close());

describe("a run whose state read fails after its turns were recorded", () => {
  it("still delivers the approval's turn (kept in the outbox) to the customer", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "refund-state-fails");
    await chat.look();
    await chat.say("Hi, my email is maria@example.com");
    await chat.answer({ order_id: "A-1001" });
    await chat.say("Back to my card please");
    await chat.say("It arrived broken");
    expect((await chat.answer({ yes: true })).interrupt).toMatchObject({ reason: "approval" });
    const listed = await (await fetch(`${serve.url}/approvals`, { headers: SAM })).json();
    const request = listed.requests.find((r: { thread: string }) => r.thread === "refund-state-fails");
    const approved = await fetch(`${serve.url}/approvals/${request.id}`, { method: "POST", headers: { ...SAM, "content-type": "application/json" }, body: JSON.stringify({ yes: true }) });
    expect(approved.status).toBe(200);

    // The customer types while the refund's turn waits in the outbox; the state read fails once.
    const spy = vi.spyOn(serve.server.flow, "state").mockRejectedValueOnce(new Error("connection terminated unexpectedly"));
    const failed = await chat.say("keep");
    spy.mockRestore();
    expect(failed.error?.message).toContain("connection terminated unexpectedly");

    const refundLine = (t: string) => /^Refund RF-.* for the Espresso machine is on its way/.test(t);
    expect(failed.text.some(refundLine)).toBe(true);
  });
});
