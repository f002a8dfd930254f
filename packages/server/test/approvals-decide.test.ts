/**
 * Issue 38 C over HTTP: a `decide … by: lead` files a request the lead sees on GET /approvals with its
 * options; POST /approvals/:id takes `{ yes: true, option }` with one of them (anything else is a 400 and
 * changes nothing), `{ yes: false }` is the decision `no`; another role gets 403; nothing in the chat
 * chooses. The conversation then takes the way chosen.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { AguiDriver } from "./helpers/agui-driver.js";
import { basicAuth, requestOf } from "./helpers/refund-story.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const SKILL = fileURLToPath(new URL("../../../test/fixtures/decide/escalation-lead", import.meta.url));
let serve: ServeFixture;
const LEE = basicAuth("lee", "lee-credential-1");
const DEV = basicAuth("dev", "dev-credential-2");

beforeAll(async () => {
  const approvers = approverDirectory({
    approvers: {
      lee: { roles: ["lead"], credential: await hashCredential("lee-credential-1") },
      dev: { roles: ["developer"], credential: await hashCredential("dev-credential-2") },
    },
  });
  serve = await startServe({ skills: [SKILL], approvers });
});
afterAll(() => serve.close());

const post = (id: string, who: Record<string, string>, body: unknown) =>
  fetch(`${serve.url}/approvals/${id}`, { method: "POST", headers: { ...who, "content-type": "application/json" }, body: JSON.stringify(body) });

async function waiting(thread: string) {
  const chat = new AguiDriver(serve.url, await newToken(serve.url), thread);
  await chat.look();
  const out = await chat.say("T-7");
  expect(out.interrupt).toMatchObject({ reason: "approval" });
  const request = await requestOf(serve.url, LEE, thread);
  expect(request).toMatchObject({ role: "lead", status: "waiting", question: "Three reviews of T-7 without approval. What now?" });
  expect(request.options).toEqual([{ key: "send_back", label: "Send it back to the developer" }, { key: "stop", label: "Stop the work" }]);
  return { chat, request };
}

describe("a decide by a role over the approvals API", () => {
  it("an approval carrying an option decides; one without, or with an option not offered, is a 400", async () => {
    const { chat, request } = await waiting("decide-1");
    const bare = await post(request.id, LEE, { yes: true });
    expect(bare.status).toBe(400);
    expect((await bare.json()).error).toContain("is a choice");
    const wrong = await post(request.id, LEE, { yes: true, option: "approve_anyway" });
    expect(wrong.status).toBe(400);
    const other = await post(request.id, DEV, { yes: true, option: "stop" });
    expect(other.status).toBe(403);
    const claimed = await chat.say("stop");
    expect(claimed.interrupt).toMatchObject({ reason: "approval" });
    const chosen = await post(request.id, LEE, { yes: true, option: "stop" });
    expect(chosen.status).toBe(200);
    expect((await chosen.json()).reply).toContain("The work on T-7 stops here.");
  });

  it("a decline is the decision no", async () => {
    const { request } = await waiting("decide-2");
    const declined = await post(request.id, LEE, { yes: false });
    expect(declined.status).toBe(200);
    expect((await declined.json()).reply).toContain("The lead did not choose; T-7 stays as it is.");
  });
});
