/**
 * The order-refund story as the approval tests need it: the customer's conversation up to the
 * supervisor's approval of the Espresso machine, and an approver's side of the approvals endpoint.
 */
import type { AguiDriver, RunOutput } from "./agui-driver.js";

/** The customer's runs up to the approval: the last one ends waiting on it. */
export async function refundUpToApproval(chat: AguiDriver): Promise<RunOutput> {
  await chat.look();
  await chat.say("Hi, my email is maria@example.com");
  await chat.answer({ order_id: "A-1001" });
  await chat.say("Back to my card please");
  await chat.say("It arrived broken");
  return chat.answer({ yes: true });
}

/** `Authorization: Basic` for an approver. */
export const basicAuth = (id: string, credential: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${credential}`).toString("base64")}` });

/** The request of `thread` among those GET /approvals lists for `approver`. */
export async function requestOf(url: string, approver: Record<string, string>, thread: string): Promise<any> {
  const listed = (await (await fetch(`${url}/approvals`, { headers: approver })).json()) as { requests: Array<{ thread: string }> };
  return listed.requests.find((r) => r.thread === thread);
}

/** POST /approvals/:id with `{ yes }`. */
export const answerRequest = (url: string, id: string, approver: Record<string, string>, yes = true) =>
  fetch(`${url}/approvals/${id}`, { method: "POST", headers: { ...approver, "content-type": "application/json" }, body: JSON.stringify({ yes }) });
