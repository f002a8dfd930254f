/**
 * PostgreSQL connections dropped right after an approval went through the flow (the refund is issued),
 * before the server recorded it. The approver got a 500 carrying PostgreSQL's words; the refund stood in
 * the flow with no audit entry, the request still read "waiting", and the customer's conversation kept
 * showing "Waiting for supervisor". The server's statements are now sent once more after a lost
 * connection. Needs PG_URL. The drop is made deterministic by the log hook (right after flow.send).
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { AguiDriver } from "./helpers/agui-driver.js";
import { createTempDatabase } from "../../../test/fixtures/durable/temp-pg-database.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const PG_URL = process.env.PG_URL || undefined;
const KILL = `const pg = require("pg"); const c = new pg.Client({ connectionString: process.argv[1] });
c.connect().then(() => c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")).then(() => c.end());`;
const SAM = { authorization: `Basic ${Buffer.from("sam:sam-credential-1").toString("base64")}` };
let armed = false;
let serve: ServeFixture;
/** A database of its own: the drop terminates every connection to it, and no other test file uses it. */
let temp: Awaited<ReturnType<typeof createTempDatabase>> | undefined;
beforeAll(async () => {
  if (!PG_URL) return;
  temp = await createTempDatabase(PG_URL, "lost_approval");
  const url = temp.url;
  const approvers = approverDirectory({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("sam-credential-1") } } });
  serve = await startServe({
    skills: [skillPath("order_refund")], approvers, db: url,
    log: (line) => {
      if (!armed || !line.includes('"via":"approval"')) return;
      armed = false;
      spawnSync(process.execPath, ["-e", KILL, url], { cwd: process.cwd(), stdio: "inherit" });
    },
  });
});
afterAll(async () => {
  await serve?.close();
  await temp?.drop();
});

describe.skipIf(!PG_URL)("the database connection drops right after an approval", () => {
  it("still records the approval and its audit entry, and the customer is not told it waits", async () => {
    const thread = `lost-approval-${Date.now()}`;
    const chat = new AguiDriver(serve.url, await newToken(serve.url), thread);
    await chat.look();
    await chat.say("Hi, my email is maria@example.com");
    await chat.answer({ order_id: "A-1001" });
    await chat.say("Back to my card please");
    await chat.say("It arrived broken");
    const waiting = await chat.answer({ yes: true });
    expect(waiting.interrupt).toMatchObject({ reason: "approval" });
    const listed = await (await fetch(`${serve.url}/approvals`, { headers: SAM })).json();
    const request = listed.requests.find((r: { thread: string }) => r.thread === thread);

    armed = true;
    const answered = await fetch(`${serve.url}/approvals/${request.id}`, { method: "POST", headers: { ...SAM, "content-type": "application/json" }, body: JSON.stringify({ yes: true }) });
    expect(armed).toBe(false);
    expect(answered.status).toBe(200);

    const next = await chat.look();
    const refunded = next.state!.writes.some((w: { tool: string; status: string }) => w.tool === "issue_refund" && w.status === "done");
    expect(refunded).toBe(true);
    expect(await serve.server.audit(request.id)).toMatchObject([{ approver: "sam", yes: true, digest: request.card.digest }]);
    expect(next.interrupt?.reason).not.toBe("approval");
    expect(next.text.some((t) => /^Refund RF-.* is on its way/.test(t))).toBe(true);
  });
});
