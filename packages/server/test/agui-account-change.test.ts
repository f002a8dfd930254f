/**
 * The account change over AG-UI: the authenticator code asked as a secret (a password field in the
 * response schema) and given through `resume` — never a chat message, never the model — then kept out
 * of every event, the state snapshot and the log; the plan picked from the grid; typed fields answered
 * through their form; the one card, and both writes once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe({ skills: [skillPath("account-change")] })));
afterAll(() => serve.close());

const CODE = "428193";

describe("AG-UI: the account change", () => {
  it("takes the secret through resume, never echoes it, and changes the plan once", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "acct-1");
    await chat.look();
    const code = await chat.say("I'd like to change my plan, my number is 07700900123");
    expect(code.interrupt!.responseSchema!.properties.verification_code).toEqual({ type: "string", pattern: "^[0-9]{6}$", writeOnly: true, format: "password" });
    expect((code.interrupt!.metadata as any).skillflow).toMatchObject({ kind: "ask", field: "verification_code", secret: true });
    expect(code.activities.find((a) => a.activityType === "skillflow.form")!.content).toMatchObject({ field: "verification_code", secret: true });

    const plans = await chat.answer({ verification_code: CODE });
    expect(plans.text[0]).toContain("Thanks, Sam Patel.");
    expect(plans.state!.answers.verification_code).toEqual({ value: "[secret]", by: "widget" });
    expect(plans.state!.usage.modelCalls).toBe(1);
    expect(plans.interrupt!.responseSchema!.properties.new_plan.enum).toContain("plus-30");

    await chat.answer({ new_plan: "plus-30" });
    // Typed fields answered through their form (resume), typed as their schema says: no model call.
    const cap = await chat.answer({ start_date: "2027-04-01" });
    expect(cap.interrupt!.responseSchema!.properties.spending_cap).toEqual({ type: "number", minimum: 0, maximum: 500, multipleOf: 0.01 });
    const roaming = await chat.answer({ spending_cap: 25.5 });
    expect(roaming.interrupt!.responseSchema!.properties.keep_roaming).toEqual({ type: "boolean" });
    const card = await chat.answer({ keep_roaming: true });
    expect(card.interrupt!.message).toBe("Move 07700900123 to Plus 30 GB at 20.00 EUR a month from 1 April 2027, with a 25.50 EUR cap on extra charges?");
    expect(card.state!.usage.modelCalls).toBe(1);
    const done = await chat.answer({ yes: true });
    expect(done.text.at(-1)).toMatch(/a summary is on its way to sam@example\.com/);
    expect(done.state!.writes.map((w: { tool: string }) => w.tool)).toEqual(["change_plan", "send_summary"]);

    // The typed secret appears in no event any run sent, and in no log line.
    for (const run of [code, plans, card, done]) expect(JSON.stringify(run.events)).not.toContain(CODE);
    expect(serve.logs.length).toBeGreaterThan(5);
    expect(serve.logs.join("\n")).not.toContain(CODE);
    expect(JSON.parse(serve.logs.find((l) => l.includes("\"field\":\"verification_code\""))!)).toMatchObject({ event: "pick", field: "verification_code" });
  });
});
