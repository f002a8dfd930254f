/**
 * The HTTP edge of the server, mounted in a plain `node:http` server: conversations belong to their
 * caller (another caller gets 404 and cannot read, resume or drive them), and bad input — no session,
 * a body over the limit, malformed JSON, an input that fails the AG-UI schema — gets one clear sentence
 * and changes nothing. Two runs for one thread at once are served one after the other, neither lost.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelPort } from "@skillflow/langgraph";
import { AguiDriver } from "./helpers/agui-driver.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const SLOW_NOTE = fileURLToPath(new URL("../../../test/fixtures/serve/slow_note", import.meta.url));
/** A model port that reads every message as the note (deterministic, no network). */
const noteModel: ModelPort = {
  id: "note-reader",
  extract: async (request) => ({ extraction: { ok: true, values: { note: request.text } }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } }),
};

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe({ bodyLimit: 4096 })));
afterAll(() => serve.close());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${serve.url}/agui`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

async function sentence(response: Response): Promise<string> {
  const body = (await response.json()) as { error: string };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error).not.toMatch(/\n\s+at /);
  return body.error;
}

describe("the HTTP edge", () => {
  it("answers /healthz", async () => {
    const response = await fetch(`${serve.url}/healthz`);
    expect(await response.json()).toEqual({ ok: true, skills: ["conference-trip"], running: 0 });
  });

  it("refuses bad input with one sentence and a 4xx", async () => {
    const bearer = { authorization: `Bearer ${await newToken(serve.url)}` };
    const input = (extra: object = {}) => JSON.stringify({ threadId: "edge-1", runId: "r1", messages: [], ...extra });

    let r = await post(input());
    expect(r.status).toBe(401);
    expect(await sentence(r)).toBe("No session: open the chat page, or send Authorization: Bearer TOKEN (POST /sessions issues a token).");
    r = await post(input(), { authorization: "Bearer forged-token" });
    expect(r.status).toBe(401);
    expect(await sentence(r)).toBe("Unknown bearer token: POST /sessions issues a new token (the chat page does it by itself).");

    r = await post(input({ messages: [{ id: "m1", role: "user", content: "x".repeat(5000) }] }), bearer);
    expect(r.status).toBe(413);
    expect(await sentence(r)).toBe("The body is larger than the limit of 4096 bytes.");
    // A body that does not declare its length is cut off at the limit too.
    const chunked = new ReadableStream({ start(c) { for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode(" ".repeat(1000))); c.close(); } });
    r = await fetch(`${serve.url}/agui`, { method: "POST", headers: { "content-type": "application/json", ...bearer }, body: chunked, duplex: "half" } as RequestInit);
    expect(r.status).toBe(413);

    r = await post("{ not json", bearer);
    expect(r.status).toBe(400);
    expect(await sentence(r)).toMatch(/^The body is not valid JSON \(.+\)\.$/);
    r = await post(JSON.stringify({ threadId: "edge-1", runId: "r1" }), bearer);
    expect(r.status).toBe(400);
    expect(await sentence(r)).toMatch(/^The body is not an AG-UI RunAgentInput: messages: /);
    r = await post(input({ messages: [{ id: "m1", role: "wizard", content: "hi" }] }), bearer);
    expect(r.status).toBe(400);
    expect(await sentence(r)).toMatch(/^The body is not an AG-UI RunAgentInput: messages\.0/);

    // None of it started the conversation: the first real run still shows the first question.
    const chat = new AguiDriver(serve.url, bearer.authorization.slice(7), "edge-1");
    expect((await chat.look()).text).toEqual(["Which conference are you going to?"]);
  });

  it("keeps each conversation to its caller: another gets 404 and cannot read, resume or drive it", async () => {
    const alice = new AguiDriver(serve.url, await newToken(serve.url), "mine-1");
    await alice.look();
    const flights = await alice.say("Lisbon AI Summit, 3 nights");
    const mallory = await newToken(serve.url);
    const attempts = [
      { threadId: "mine-1", runId: "x1", messages: [] },
      { threadId: "mine-1", runId: "x2", messages: [{ id: "evil", role: "user", content: "make it 9 nights" }] },
      { threadId: "mine-1", runId: "x3", messages: [], resume: [{ interruptId: flights.interrupt!.id, status: "resolved", payload: { flight_id: "TP1350" } }] },
    ];
    for (const attempt of attempts) {
      const r = await post(JSON.stringify(attempt), { authorization: `Bearer ${mallory}` });
      expect(r.status).toBe(404);
      expect(await sentence(r)).toBe("No conversation mine-1.");
    }
    // The chat page's cookie is a caller too, and not Alice.
    const page = await fetch(serve.url);
    const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
    expect((await post(JSON.stringify(attempts[0]), { cookie })).status).toBe(404);
    const again = await alice.look();
    expect(again.state).toEqual(flights.state);
    expect(again.interrupt!.id).toBe(flights.interrupt!.id);
  });

  it("serves the page's session cookie as a caller of its own", async () => {
    const page = await fetch(serve.url);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
    const r = await post(JSON.stringify({ threadId: "cookie-1", runId: "r1", messages: [] }), { cookie });
    expect(r.headers.get("content-type")).toBe("text/event-stream");
    expect(await r.text()).toContain("Which conference are you going to?");
  });
});

describe("two runs for one conversation at once", () => {
  it("are served one after the other: both applied, their tools never overlap", async () => {
    const slow = await startServe({ skills: [SLOW_NOTE], model: noteModel });
    try {
      const token = await newToken(slow.url);
      const chat = new AguiDriver(slow.url, token, "both-1");
      await chat.look();
      const calls = ((globalThis as Record<string, unknown>).__slowNoteCalls ??= []) as Array<{ note: string; start: number; end: number }>;
      calls.length = 0;
      const run = (id: string, text: string) => chat.raw({ runId: id, messages: [{ id, role: "user", content: text }] });
      const [a, b] = await Promise.all([run("ma", "alpha"), run("mb", "beta")]);
      for (const r of [a, b]) expect(r.events.map((e) => e.type).at(-1)).toBe("RUN_FINISHED");
      expect(calls.map((c) => c.note).sort()).toEqual(["alpha", "beta"]);
      const [first, second] = [...calls].sort((x, y) => x.start - y.start);
      expect(second!.start).toBeGreaterThanOrEqual(first!.end);
      const said = [...a.events, ...b.events].filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => (e as { delta: string }).delta);
      expect(said).toEqual(expect.arrayContaining(["Noted: alpha.", "Noted: beta."]));
      expect(slow.logs.filter((l) => JSON.parse(l).event === "text")).toHaveLength(2);
    } finally {
      await slow.close();
    }
  });
});
