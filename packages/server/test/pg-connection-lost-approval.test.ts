/**
 * PostgreSQL connections dropped right after an approval went through the flow (the refund is issued),
 * before the server recorded it. The approver got a 500 carrying PostgreSQL's words; the refund stood in
 * the flow with no audit entry, the request still read "waiting", and the customer's conversation kept
 * showing "Waiting for supervisor". The server's statements are now sent once more after a lost
 * connection. Needs PG_URL. The drop comes from the log hook, right after flow.send (helpers/pg-drop.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { AguiDriver } from "./helpers/agui-driver.js";
import { serveWithDrop, type DropFixture } from "./helpers/pg-drop.js";
import { answerRequest, basicAuth, refundUpToApproval, requestOf } from "./helpers/refund-story.js";
import { newToken, skillPath } from "./helpers/serve-fixture.js";

const PG_URL = process.env.PG_URL || undefined;
const SAM = basicAuth("sam", "sam-credential-1");
let drop: DropFixture | undefined;
beforeAll(async () => {
  if (!PG_URL) return;
  const approvers = approverDirectory({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("sam-credential-1") } } });
  drop = await serveWithDrop(PG_URL, "lost_approval", '"via":"approval"', { skills: [skillPath("order-refund")], approvers });
});
afterAll(() => drop?.close());

describe.skipIf(!PG_URL)("the database connection drops right after an approval", () => {
  it("still records the approval and its audit entry, and the customer is not told it waits", async () => {
    const { serve } = drop!;
    const thread = `lost-approval-${Date.now()}`;
    const chat = new AguiDriver(serve.url, await newToken(serve.url), thread);
    const waiting = await refundUpToApproval(chat);
    expect(waiting.interrupt).toMatchObject({ reason: "approval" });
    const request = await requestOf(serve.url, SAM, thread);

    drop!.arm();
    const answered = await answerRequest(serve.url, request.id, SAM);
    expect(drop!.dropped()).toBe(true);
    expect(answered.status).toBe(200);

    const next = await chat.look();
    const refunded = next.state!.writes.some((w: { tool: string; status: string }) => w.tool === "issue_refund" && w.status === "done");
    expect(refunded).toBe(true);
    expect(await serve.server.audit(request.id)).toMatchObject([{ approver: "sam", yes: true, digest: request.card.digest }]);
    expect(next.interrupt?.reason).not.toBe("approval");
    expect(next.text.some((t) => /^Refund RF-.* is on its way/.test(t))).toBe(true);
  });
});
