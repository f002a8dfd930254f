// readJson: a body is read under its limit whether it declares its length or not, and one whose bytes
// outrun the length it declared is refused, not taken.
import { describe, expect, it } from "vitest";
import { readJson } from "../src/http/read-json.js";

const LIMIT = 64;
const request = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://x/agui", { method: "POST", headers, body, duplex: "half" } as RequestInit);
const statusOf = async (result: Awaited<ReturnType<typeof readJson>>) => (result.ok ? 200 : result.response.status);

describe("readJson", () => {
  it("reads a body that declares its length", async () => {
    const text = JSON.stringify({ threadId: "t1" });
    expect(await readJson(request(text, { "content-length": String(text.length) }), LIMIT)).toEqual({ ok: true, value: { threadId: "t1" } });
  });

  it("refuses a declared length over the limit before reading, and bytes past a declared length within it", async () => {
    const big = JSON.stringify({ text: "x".repeat(200) });
    expect(await statusOf(await readJson(request(big, { "content-length": String(big.length) }), LIMIT))).toBe(413);
    // The header says 10 bytes, the body carries 212: the body is read and refused.
    expect(await statusOf(await readJson(request(big, { "content-length": "10" }), LIMIT))).toBe(413);
  });

  it("cuts a body of undeclared length off at the limit, and reads one under it", async () => {
    const stream = (parts: string[]) => new ReadableStream({ start(c) { for (const p of parts) c.enqueue(new TextEncoder().encode(p)); c.close(); } });
    expect(await statusOf(await readJson(request(stream(Array(10).fill(" ".repeat(20)))), LIMIT))).toBe(413);
    expect(await readJson(request(stream(['{"a":', "1}"])), LIMIT)).toEqual({ ok: true, value: { a: 1 } });
  });

  it("answers a body that breaks off with a 400 and one sentence, not a failure of the server", async () => {
    const broken = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('{"a":')); c.error(new Error("socket hang up")); } });
    const result = await readJson(request(broken), LIMIT);
    expect(await statusOf(result)).toBe(400);
    if (!result.ok) expect(await result.response.json()).toEqual({ error: "The body could not be read (socket hang up)." });
  });
});
