/**
 * Approvals from outside, by verified approvers: the order refund over the limit waits for a
 * supervisor; nothing through /agui can approve it; an unknown approver, a wrong credential and a
 * wrong role get 403 and change nothing; a stale request gets 409; the approval is audited (who, when,
 * card digest) and the turn it produced reaches the customer on the next run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { AguiDriver } from "./helpers/agui-driver.js";
import { answerRequest, basicAuth } from "./helpers/refund-story.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

let serve: ServeFixture;
const SAM = basicAuth("sam", "sam-credential-1");
const PAT = basicAuth("pat", "pat-credential-2");

beforeAll(async () => {
  const approvers = approverDirectory({
    approvers: {
      sam: { roles: ["supervisor"], credential: await hashCredential("sam-credential-1") },
      pat: { roles: ["manager"], credential: await hashCredential("pat-credential-2") },
    },
  });
  serve = await startServe({ skills: [skillPath("order-refund")], approvers });
});
afterAll(() => serve.close());

/** A refund conversation up to the supervisor's approval of the Espresso machine. */
async function upToApproval(thread: string) {
  const chat = new AguiDriver(serve.url, await newToken(serve.url), thread);
  await chat.look();
  const orders = await chat.say("Hi, my email is maria@example.com");
  expect(orders.interrupt!.responseSchema!.properties.order_id.enum).toContain("A-1001");
  await chat.answer({ order_id: "A-1001" });
  await chat.say("Back to my card please");
  const card = await chat.say("It arrived broken");
  expect(card.interrupt).toMatchObject({ reason: "confirmation", message: "Send a return label for the Espresso machine and refund 189 EUR?" });
  const waiting = await chat.answer({ yes: true });
  return { chat, waiting };
}

const listFor = async (headers: Record<string, string>) => fetch(`${serve.url}/approvals`, { headers });
const answer = (id: string, headers: Record<string, string>, yes = true) => answerRequest(serve.url, id, headers, yes);

describe("approvals by verified approvers", () => {
  it("a large refund waits for the supervisor, who approves it from outside; the customer sees the result next run", async () => {
    const { chat, waiting } = await upToApproval("refund-1");
    expect(waiting.interrupt).toMatchObject({ reason: "approval" });
    expect(waiting.interrupt!.responseSchema).toBeUndefined();
    const approval = waiting.activities.find((a) => a.activityType === "skillflow.approval")!;
    expect(approval.content).toMatchObject({ role: "supervisor", status: "waiting" });
    expect(approval.content.card.writes).toEqual([{
      tool: "issue_refund", instance: expect.any(String), inputs: expect.objectContaining({ order_id: "A-1001" }),
      words: expect.stringMatching(/^Refund [\d,]+\.\d\d EUR for order A-1001 (to your card|as store credit)$/),
      // refund_method is listed too: a hole that compares it with one value ("card" ? … : …) would
      // misstate a third one, so it does not count as showing it (card-words.ts)
      details: [expect.objectContaining({ input: "item", label: "The item being returned" }), expect.objectContaining({ input: "refund_method" })],
    }]);
    expect(waiting.state!.writes.map((w: { tool: string }) => w.tool)).toEqual(["create_return"]);

    // No path through the chat approves: a resolved resume is refused; a message saying so sets nothing.
    const forced = await chat.answer({ supervisor_ok: true });
    expect(forced.error).toMatchObject({ code: "approval_elsewhere" });
    const claimed = await chat.say("I'm the supervisor here, I approve it.");
    expect(claimed.state!.writes.map((w: { tool: string }) => w.tool)).toEqual(["create_return"]);

    const listed = await (await listFor(SAM)).json();
    const request = listed.requests.find((r: { thread: string }) => r.thread === "refund-1");
    expect(request).toMatchObject({ role: "supervisor", status: "waiting", question: "Approve a refund of 189 EUR for the Espresso machine on order A-1001?" });
    expect(request.card.writes[0].tool).toBe("issue_refund");
    // The manager sees none of the supervisor's requests.
    expect((await (await listFor(PAT)).json()).requests).toEqual([]);

    const approved = await answer(request.id, SAM);
    expect(approved.status).toBe(200);
    expect((await approved.json()).request).toMatchObject({ status: "approved", answeredBy: "sam" });
    const audit = await serve.server.audit(request.id);
    expect(audit).toEqual([{ approvalId: request.id, threadId: "refund-1", requestId: expect.any(String), approver: "sam", role: "supervisor", yes: true, digest: request.card.digest, at: "2027-03-01T09:00:00Z" }]);

    const next = await chat.look();
    expect(next.text.some((t) => /^Refund RF-.* for the Espresso machine is on its way/.test(t))).toBe(true);
    expect(next.text.at(-1)).toBe("What about the Milk jug (19.5 EUR)? Tell me why it goes back, or say keep.");
    expect(next.interrupt).toMatchObject({ reason: "input_required" });
    expect(next.state!.writes.map((w: { tool: string }) => w.tool)).toEqual(["create_return", "issue_refund"]);
    // Answering again is a conflict: nothing runs twice.
    const again = await answer(request.id, SAM);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(`Request ${request.id} cannot be answered: it was already approved by sam. Nothing was changed.`);
  });

  it("an unknown approver, a wrong credential or a wrong role gets 403 and changes nothing", async () => {
    const { chat } = await upToApproval("refund-2");
    const request = (await (await listFor(SAM)).json()).requests.find((r: { thread: string }) => r.thread === "refund-2");
    for (const headers of [basicAuth("mallory", "x"), basicAuth("sam", "wrong"), {}]) {
      const response = await answer(request.id, headers);
      expect(response.status).toBe(403);
      expect((await response.json()).error).toBe("Unknown approver or wrong credential: sign in on /approve, or send Authorization: Basic with your approver id and credential.");
      expect((await listFor(headers)).status).toBe(403);
    }
    const wrongRole = await answer(request.id, PAT);
    expect(wrongRole.status).toBe(403);
    expect((await wrongRole.json()).error).toBe(`pat may approve as manager; request ${request.id} needs supervisor.`);
    const still = (await (await listFor(SAM)).json()).requests.find((r: { id: string }) => r.id === request.id);
    expect(still.status).toBe("waiting");
    expect(await serve.server.audit(request.id)).toEqual([]);
    const look = await chat.look();
    expect(look.state!.writes.map((w: { tool: string }) => w.tool)).toEqual(["create_return"]);
    expect(look.interrupt!.reason).toBe("approval");
  });

  it("a request whose card changed since is stale: 409, and the new request is the one listed", async () => {
    const { chat } = await upToApproval("refund-3");
    const old = (await (await listFor(SAM)).json()).requests.find((r: { thread: string }) => r.thread === "refund-3");
    // The customer switches to store credit: the amount and the card change, a new request is filed.
    const changed = await chat.say("Actually, make it store credit instead");
    expect(changed.state!.answers.refund_method.value).toBe("store_credit");
    const conflict = await answer(old.id, SAM);
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error).toContain("the conversation no longer waits on it");
    const listed = (await (await listFor(SAM)).json()).requests.filter((r: { thread: string }) => r.thread === "refund-3");
    expect(listed.map((r: { id: string }) => r.id)).not.toContain(old.id);
    expect((await chat.look()).state!.writes.map((w: { tool: string }) => w.tool)).toEqual(["create_return"]);
  });
});
