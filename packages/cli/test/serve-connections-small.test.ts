/**
 * The smallest budget `flow serve --max-connections` allows (4: for the conversations two statement
 * connections and one lock connection, one for the server's tables) still serves everything, one run at
 * a time: refunds up to their approval, every approval answered on the same process at once (an
 * approval's run holds the customer's thread lock, and the flow's turn inside re-enters it, while other
 * runs wait for the single lock connection), each refund issued once, and two runs of one conversation
 * sent at once (one after the other). Nothing waits on a connection held by itself: a hang fails the
 * case at its timeout instead of the lock wait's two minutes. Needs PG_URL.
 */
import { describe, expect, it } from "vitest";
import { hashCredential } from "@skillflow/server";
import { AguiDriver } from "../../server/test/helpers/agui-driver.js";
import { answerRequest, basicAuth, refundUpToApproval, requestOf } from "../../server/test/helpers/refund-story.js";
import { namedUrl, peakConnections } from "../../../test/fixtures/durable/pg-connections.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../test/fixtures/durable/pg-url.js";
import { startServeProcess } from "./serve-process.js";

notePgSkipped("flow serve --max-connections 4");
const REFUNDS = 6;

describe.skipIf(!PG_URL)("flow serve --max-connections 4 on PostgreSQL", () => {
  it("files refunds, answers every approval at once on the same process, and issues each refund once", async () => {
    const app = `serve-small-${process.pid}-${Date.now()}`;
    const approvers = JSON.stringify({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("sam-small-secret") } } });
    const serve = await startServeProcess(["skills/order-refund", "--db", namedUrl(PG_URL!, app), "--max-connections", "4"], { FLOW_APPROVERS: approvers });
    try {
      const sam = basicAuth("sam", "sam-small-secret");
      const threads = Array.from({ length: REFUNDS }, (_, i) => `${app}-${i}`);
      const peak = await peakConnections(PG_URL!, app, async () => {
        const chats = await Promise.all(threads.map(async (thread) => {
          const token = (await (await fetch(`${serve.url}/sessions`, { method: "POST" })).json()).token as string;
          const chat = new AguiDriver(serve.url, token, thread);
          expect((await refundUpToApproval(chat)).interrupt?.reason).toBe("approval");
          return chat;
        }));
        const requests = await Promise.all(threads.map((thread) => requestOf(serve.url, sam, thread)));
        const answered = await Promise.all(requests.map((request) => answerRequest(serve.url, request.id, sam)));
        expect(answered.map((r) => r.status)).toEqual(threads.map(() => 200));
        // Two looks of one conversation at once, both naming the open interrupt: served one after the
        // other; the second finds it answered by the first and changes nothing (as with any budget).
        const ends = (await Promise.all([chats[0]!.look(), chats[0]!.look()])).map((look) => look.events.at(-1) as { type: string; code?: string });
        expect(ends.map((e) => e.type)).toContain("RUN_FINISHED");
        for (const end of ends) expect(end.type === "RUN_FINISHED" || end.code === "interrupt_not_open", JSON.stringify(end)).toBe(true);
        chats[0]!.agent.pendingInterrupts = [];
        const next = await Promise.all(chats.map((chat) => chat.look()));
        for (const look of next) expect(look.text.some((t) => /^Refund RF-\S+ for the Espresso machine is on its way/.test(t)), look.text.join(" / ")).toBe(true);
      });
      expect(peak).toBeLessThanOrEqual(4);
      const issued = serve.stdout().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { tools: string[] })
        .filter((l) => l.tools.includes("issue_refund"));
      expect(issued).toHaveLength(REFUNDS);
    } finally {
      await serve.stop();
    }
  }, 60_000);
});

if (!PG_URL) describe("flow serve --max-connections 4 on PostgreSQL", () => it.skip(PG_SKIP_REASON, () => undefined));
