// Two servers on one SQLite file, each keeping the owners it read: a thread whose row was deleted by hand
// and claimed anew through the other server is not driven by its first owner through the first one. The
// run reads the row under the lock and checks its owner, and from then on the first server answers 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const require = createRequire(import.meta.url);
let dir = "";
let a: ServeFixture;
let b: ServeFixture;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "owner-two-"));
  const db = `sqlite:${join(dir, "serve.sqlite")}`;
  a = await startServe({ db });
  b = await startServe({ db });
});
afterAll(async () => {
  await a.close();
  await b.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (url: string, token: string, runId: string) =>
  fetch(`${url}/agui`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ threadId: "shared-1", runId, messages: [] }),
  });

describe("a thread's owner kept by one server", () => {
  it("is checked again under the lock: a row made anew by another caller is theirs", async () => {
    const ana = await newToken(a.url);
    const ben = await newToken(b.url);
    const first = await run(a.url, ana, "r1");
    expect(await first.text()).toContain("Which conference are you going to?");
    const Database = require("better-sqlite3") as new (path: string) => { prepare(sql: string): { run(...p: unknown[]): unknown }; close(): void };
    const raw = new Database(join(dir, "serve.sqlite"));
    raw.prepare("DELETE FROM skillflow_serve_threads WHERE thread_id = ?").run("shared-1");
    raw.close();
    const bens = await run(b.url, ben, "r2");
    expect(bens.status).toBe(200);
    expect(await bens.text()).toContain("Which conference are you going to?");
    // Server a still keeps ana as the owner: its run finds ben's row and refuses, in one sentence.
    const stale = await run(a.url, ana, "r3");
    const events = await stale.text();
    expect(events).toContain('"type":"RUN_ERROR"');
    expect(events).toContain("No conversation shared-1.");
    expect(events).not.toContain("Which conference");
    // Now a knows: a plain 404 before any stream.
    const after = await run(a.url, ana, "r4");
    expect(after.status).toBe(404);
  });
});
