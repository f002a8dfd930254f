/**
 * An approver's answer retried after its process died between the flow's turn and the server's record
 * of it (emulated by putting the request, the audit and the customer's thread back as they were): the
 * flow took the approval, so the retry records it (200) instead of calling the request stale, and the
 * customer's next run shows the refund once and goes on to the next item.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { AguiDriver } from "./helpers/agui-driver.js";
import { answerRequest, basicAuth, refundUpToApproval, requestOf } from "./helpers/refund-story.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const dir = mkdtempSync(join(tmpdir(), "retry-approval-"));
const db = join(dir, "serve.sqlite");
const SAM = basicAuth("sam", "sam-credential-1");
let serve: ServeFixture;
beforeAll(async () => {
  const approvers = approverDirectory({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("sam-credential-1") } } });
  serve = await startServe({ skills: [skillPath("order-refund")], approvers, db });
});
afterAll(async () => {
  await serve?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The server's rows of `thread` (its record, its approval requests, their audit), to put back later. */
function rowsOf(thread: string): () => void {
  const sqlite = new Database(db);
  const tables = ["skillflow_serve_threads", "skillflow_serve_approvals", "skillflow_serve_audit"];
  const saved = tables.map((t) => [t, sqlite.prepare(`SELECT * FROM ${t} WHERE thread_id = ?`).all(thread) as Record<string, unknown>[]] as const);
  sqlite.close();
  return () => {
    const again = new Database(db);
    for (const [table, rows] of saved) {
      again.prepare(`DELETE FROM ${table} WHERE thread_id = ?`).run(thread);
      for (const row of rows) {
        const columns = Object.keys(row);
        again.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).run(...columns.map((c) => row[c]));
      }
    }
    again.close();
  };
}

describe("a retried approval", () => {
  it("whose first attempt the flow took but the server never recorded is recorded, and delivered once", async () => {
    const thread = "retry-approval-1";
    const chat = new AguiDriver(serve.url, await newToken(serve.url), thread);
    const waiting = await refundUpToApproval(chat);
    expect(waiting.interrupt!.reason).toBe("approval");
    const request = await requestOf(serve.url, SAM, thread);
    const putBack = rowsOf(thread);
    const first = await answerRequest(serve.url, request.id, SAM);
    expect(first.status).toBe(200);
    putBack();

    const retried = await answerRequest(serve.url, request.id, SAM);
    expect(retried.status).toBe(200);
    expect((await retried.json()).request.status).toBe("approved");
    expect(await serve.server.audit(request.id)).toHaveLength(1);
    const after = await chat.look();
    expect(after.text.filter((l) => l.startsWith("Refund RF-"))).toHaveLength(1);
    expect(after.interrupt!.metadata!.skillflow.field).toBe("return_reason");
    const again = await answerRequest(serve.url, request.id, SAM);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(`Request ${request.id} cannot be answered: it was already approved by sam. Nothing was changed.`);
  });
});
