/**
 * Inputs a caller controls that reached the server's 500 (the raw error's words) where docs/serve.md
 * promises a 4xx with one sentence:
 * - a session cookie that is not valid percent-encoding (`sf_session=%E0%A4%A`, `sf_approver=%ZZ`) is
 *   as if there were none — a browser with one bad cookie for the host can still open the chat;
 * - a threadId with a control character (PostgreSQL's TEXT refuses a NUL) or an unpaired surrogate (two
 *   such ids would name one stored row under two locks) is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const PG_URL = process.env.PG_URL || undefined;
let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe()));
afterAll(() => serve.close());

const run = (url: string, headers: Record<string, string>, threadId = "t-cookie") =>
  fetch(`${url}/agui`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ threadId, runId: "r", messages: [] }) });
const THREAD_SENTENCE = { error: "threadId must be plain text: no control characters and no unpaired surrogates." };

describe("a malformed cookie", () => {
  it("on /agui is the 401 of no session", async () => {
    const response = await run(serve.url, { cookie: "sf_session=%E0%A4%A" });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toMatch(/^No session/);
  });
  it("on GET /approvals is the 403 of an unknown approver", async () => {
    const response = await fetch(`${serve.url}/approvals`, { headers: { cookie: "sf_approver=%ZZ" } });
    expect(response.status).toBe(403);
  });
  it("on the chat page still serves the page, with a new session", async () => {
    const response = await fetch(`${serve.url}/`, { headers: { cookie: "other=1; sf_session=%" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^sf_session=/);
  });
});

describe("a threadId that is not plain text", () => {
  it("with a control character or an unpaired surrogate is a 400 with one sentence, and claims nothing", async () => {
    const token = await newToken(serve.url);
    for (const threadId of ["nul\u0000x", "tab\tx", "t\ud800", "t\udc00x"]) {
      const response = await run(serve.url, { authorization: `Bearer ${token}` }, threadId);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(THREAD_SENTENCE);
    }
    // A well-formed pair is text like any other.
    expect((await run(serve.url, { authorization: `Bearer ${token}` }, "emoji-\ud83d\ude00")).status).toBe(200);
  });
});

describe.skipIf(!PG_URL)("a NUL in threadId on PostgreSQL", () => {
  let pg: ServeFixture;
  beforeAll(async () => void (pg = await startServe({ db: PG_URL })));
  afterAll(() => pg?.close());
  it("is the same 400, not a 500 with PostgreSQL's words", async () => {
    const response = await run(pg.url, { authorization: `Bearer ${await newToken(pg.url)}` }, `nul\u0000${Date.now()}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(THREAD_SENTENCE);
  });
});
