/**
 * Issue 36 §5: a 100 KB name is cut in the server's answers as in every message — its first 80
 * characters, "…" and its length (`shortenNames`): in an HTTP error body (a conversation id another
 * caller owns) and in a run's RUN_ERROR (a resume naming a field or a row of 100 KB). The answer stays
 * a sentence, not a copy of what was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const long = (c: string) => `${c}${"x".repeat(99_999)}`;
const cut = (name: string) => `${name.slice(0, 80)}… (100,000 characters)`;
let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe({ bodyLimit: 1_000_000 })));
afterAll(() => serve.close());

describe("a 100 KB name in what the server answers", () => {
  it("is cut in an HTTP error body: another caller's conversation id", async () => {
    const thread = long("t");
    const owner = new AguiDriver(serve.url, await newToken(serve.url), thread);
    expect((await owner.look()).outcome).toBe("interrupt");
    const stranger = new AguiDriver(serve.url, await newToken(serve.url), thread);
    const refused = await stranger.raw({});
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ error: `No conversation ${cut(thread)}.` });
  });

  it("is cut in a run's RUN_ERROR: a resume naming a 100 KB field, and a 100 KB row", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "long-names-1");
    await chat.look();
    await chat.say("Lisbon AI Summit, 3 nights");
    const field = long("f");
    const wrong = await chat.answer({ [field]: "TP1350" });
    expect(wrong.error?.message).toBe(`Interrupt ${chat.open!.id} asks for "flight_id" only, and the answer gave "${cut(field)}".`);
    const row = long("r");
    const stranger = await chat.answer({ flight_id: row });
    expect(stranger.error?.message).toMatch(new RegExp(`^"${cut(row).replace(/[()]/g, "\\$&")}" is not one of the values offered for "flight_id"`));
    expect(stranger.error!.message.length).toBeLessThan(300);
  });
});
