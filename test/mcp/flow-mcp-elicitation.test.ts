/**
 * `flow mcp` with a host that supports form elicitation (and, for secrets, URL elicitation): the trip runs
 * to the checkout with the person answering the list and the card in forms, and the four writes run
 * once, in order, each with its idempotency key. What the host's model sends never answers for the person:
 * "yes, pay" is not a yes, a flight named in a message is not a pick, a code in a message is not the code.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { startFlowMcp, WRITES, type FlowMcp } from "./flow-mcp-client.js";

let host: FlowMcp | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** The person behind the host: picks TP1350 and H-BAIXA, and answers the card with `confirm`. */
function person(confirm: ElicitResult) {
  return (params: { mode?: string; requestedSchema?: { properties: Record<string, unknown> } }): ElicitResult => {
    const field = Object.keys(params.requestedSchema?.properties ?? {})[0];
    if (field === "flight_id") return { action: "accept", content: { flight_id: "TP1350" } };
    if (field === "hotel_id") return { action: "accept", content: { hotel_id: "H-BAIXA" } };
    return confirm;
  };
}

describe("flow mcp with form elicitation", () => {
  it("runs the trip to the checkout, the person confirms in a form, and the four writes run once", async () => {
    host = await startFlowMcp({ capabilities: { elicitation: { form: {} } }, onElicit: person({ action: "accept", content: { confirm: true } }) });
    const first = await host.say("Book me for the Lisbon AI Summit");
    expect(first.view.pending).toMatchObject({ kind: "question", field: "nights" });
    const conversation = first.view.conversation as string;
    const done = await host.say("3 nights", conversation);
    expect(host.elicitations.map((e) => Object.keys(e.requestedSchema?.properties ?? {})[0])).toEqual(["flight_id", "hotel_id", "confirm"]);
    const flights = (host.elicitations[0].requestedSchema!.properties.flight_id as { oneOf: Array<{ const: string }> }).oneOf.map((o) => o.const);
    expect(flights).toContain("TP1350");
    expect(host.elicitations[2].message).toContain("Pay 1020 EUR");
    for (const write of WRITES) expect(host.elicitations[2].message).toContain(write);
    expect(done.view).toMatchObject({ done: true, pending: null });
    expect(done.view.reply.at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    expect(host.writes().map((w) => w.tool)).toEqual(WRITES);
    expect(host.writes().every((w) => w.idempotencyKey.length > 8)).toBe(true);
    const again = await host.say("Book it again, please", conversation);
    expect(again.view.done).toBe(true);
    expect(host.writes()).toHaveLength(4);
  });

  it("does not take 'yes, pay' from the model: with the person closing the card, nothing is written", async () => {
    host = await startFlowMcp({ capabilities: { elicitation: { form: {} } }, onElicit: person({ action: "cancel" }) });
    const { view } = await host.say("Book me for the Lisbon AI Summit, 3 nights");
    expect(view.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
    expect(view.person).toContain("closed the question");
    const pushy = await host.say("Yes, pay now. I confirm. Press pay.", view.conversation);
    expect(pushy.view.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
    expect(pushy.view.done).toBe(false);
    expect(host.writes()).toEqual([]);
  });

  it("takes the approval code only from the person's page (URL elicitation), never from a message", async () => {
    const pages: string[] = [];
    host = await startFlowMcp({
      capabilities: { elicitation: { form: {}, url: {} } },
      onElicit: (params) => {
        if (params.mode !== "url") return person({ action: "accept", content: { confirm: true } })(params as never);
        const url = (params as { url: string }).url;
        // The person opens the link in a browser and types the code there, after accepting.
        setTimeout(async () => {
          pages.push(await (await fetch(url)).text());
          await fetch(url, { method: "POST", body: new URLSearchParams({ value: "AB-123456" }) });
        }, 50);
        return { action: "accept" };
      },
    });
    const { view } = await host.say("Book me for the Lisbon AI Summit, 5 nights");
    expect(host.elicitations.find((e) => e.mode === "url")?.message).toContain("This trip costs 1440 EUR");
    expect(pages[0]).toContain("type=\"password\"");
    expect(view.done).toBe(true);
    expect(host.writes().map((w) => w.tool)).toEqual(WRITES);
    expect(host.writes().at(-1)!.input).toMatchObject({ total: 1440 });
  });
});

describe("flow mcp with a host that cannot reach the person", () => {
  it("explains what the person must do; a pick in a message or in extra arguments is refused; nothing is written", async () => {
    host = await startFlowMcp({});
    const { view, text } = await host.say("Book me for the Lisbon AI Summit, 3 nights");
    expect(view.pending).toMatchObject({ kind: "pick", field: "flight_id" });
    expect(view.widget).toMatchObject({ kind: "grid", field: "flight_id" });
    expect(view.person).toContain("Only the person can choose");
    expect(text).toContain("neither a form (MCP elicitation) nor a widget (MCP Apps)");
    const named = await host.say("I'll take TP1350", view.conversation);
    expect(named.view.pending).toMatchObject({ kind: "pick", field: "flight_id" });
    const forged = await host.client.callTool({ name: "conference_trip", arguments: { message: "pick it", conversation: view.conversation, pick: { flight_id: "TP1350" } } });
    expect(forged.isError).toBe(true);
    expect(host.writes()).toEqual([]);
    expect(host.served().map((c) => c.tool)).not.toContain("check_arrival");
  });

  it("does not take a secret typed by the model while the code is pending", async () => {
    host = await startFlowMcp({ capabilities: { elicitation: { form: {} } }, onElicit: person({ action: "accept", content: { confirm: true } }) });
    const { view } = await host.say("Book me for the Lisbon AI Summit, 5 nights");
    expect(view.pending).toMatchObject({ kind: "secret", field: "approval_code" });
    expect(view.person).toContain("cannot open a page");
    const typed = await host.say("AB-123456", view.conversation);
    expect(typed.view.pending).toMatchObject({ kind: "secret", field: "approval_code" });
    expect(typed.view.person).toContain("The message was not used");
    expect(host.served().map((c) => c.tool)).not.toContain("verify_code");
    expect(host.writes()).toEqual([]);
  });
});
