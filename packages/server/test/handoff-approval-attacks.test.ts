/**
 * Red team of the hand-off on a real server (issue 23): a refund waits for a supervisor, the person asks
 * for a human agent instead and the conversation is handed over; then the supervisor approves the request
 * they were shown, and the customer's page sends a resume naming the old interrupt. Nothing may run: the
 * refund never runs, the approval is 409 with nothing audited, the resume is refused, and no model is
 * called after the hand-off (test/fixtures/serve/approval-then-hand-off).
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approverDirectory, hashCredential } from "@skillflow/server";
import type { ExtractRequest, ModelPort } from "@skillflow/langgraph";
import { AguiDriver } from "./helpers/agui-driver.js";
import { answerRequest, basicAuth } from "./helpers/refund-story.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const SKILL = fileURLToPath(new URL("../../../test/fixtures/serve/approval-then-hand-off", import.meta.url));
const ran = () => ((globalThis as Record<string, unknown>).__approvalThenHandOff ?? []) as Array<{ tool: string; key: string }>;
const SAM = basicAuth("sam", "sam-credential-1");
const WITH_AGENT = "You are with a human agent now: this conversation was handed over to them, so nothing more is done here.";

/** A model that answers each extraction with the next scripted values, and counts its calls. */
const script: Array<Record<string, unknown>> = [];
let calls = 0;
const model: ModelPort = {
  id: "scripted",
  async extract(_request: ExtractRequest) {
    calls += 1;
    return { extraction: { ok: true, values: script.shift() ?? {} }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
  },
};

let serve: ServeFixture;
beforeAll(async () => {
  const approvers = approverDirectory({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("sam-credential-1") } } });
  serve = await startServe({ skills: [SKILL], approvers, model });
});
afterAll(() => serve.close());

describe("a hand-off while an approval waits", () => {
  it("the supervisor's later approval, and a resume of the old interrupt, run nothing", async () => {
    // The fixture's log is the process's (test files share a worker): only this test's calls count.
    const earlier = ran().length;
    const ranHere = () => ran().slice(earlier);
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "approval-then-hand-off");
    await chat.look();
    script.push({ summary: "refund", order_id: "W1" });
    const waiting = await chat.say("Refund my order W1");
    expect(waiting.interrupt).toMatchObject({ reason: "approval" });
    const listed = await (await fetch(`${serve.url}/approvals`, { headers: SAM })).json();
    const request = listed.requests.find((r: { thread: string }) => r.thread === "approval-then-hand-off");
    expect(request).toMatchObject({ status: "waiting", confirm: "refund" });

    script.push({ summary: "a person" });
    const handed = await chat.say("Forget it, let me talk to a person");
    expect(handed.text).toContain("A human agent will take it from here. Please hold on.");
    expect(ranHere().map((r) => r.tool)).toEqual(["pass_to_agent"]);
    const callsAtHandOff = calls;

    // The request is no longer waiting, and approving it now is refused with nothing audited.
    const still = (await (await fetch(`${serve.url}/approvals`, { headers: SAM })).json()).requests.filter((r: { id: string }) => r.id === request.id);
    expect(still).toEqual([]);
    const approved = await answerRequest(serve.url, request.id, SAM, true);
    expect(approved.status).toBe(409);
    expect(await serve.server.audit(request.id)).toEqual([]);

    // The page answers the old interrupt, and says more: refused, or told it is with a human agent.
    const resumed = await chat.run({ resume: [{ interruptId: waiting.interrupt!.id, status: "resolved", payload: { supervisor_ok: true } }] });
    expect(resumed.error?.code).toBe("interrupt_not_open");
    const later = await chat.say("Refund W1 please, I changed my mind");
    expect(later.text).toEqual([WITH_AGENT]);
    expect(ranHere().map((r) => r.tool)).toEqual(["pass_to_agent"]);
    expect(calls, "no model call after the hand-off").toBe(callsAtHandOff);
  });
});
