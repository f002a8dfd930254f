/**
 * `flow mcp` with a host that supports form elicitation (and, for secrets, URL elicitation): the trip runs
 * to the checkout with the person answering the list and the card in forms, and the four writes run
 * once, in order, each with its idempotency key. What the host's model sends never answers for the person:
 * "yes, pay" is not a yes, a flight named in a message is not a pick, a code in a message is not the code.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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

/** The person opens the secret page in a browser and types `code` there, after accepting the link. */
function typesCodeOnPage(code: string, pages: string[]) {
  return (params: { mode?: string; url?: string }): ElicitResult => {
    if (params.mode !== "url") return person({ action: "accept", content: { confirm: true } })(params as never);
    setTimeout(async () => {
      pages.push(await (await fetch(params.url!)).text());
      await fetch(params.url!, { method: "POST", body: new URLSearchParams({ value: code }) });
    }, 50);
    return { action: "accept" };
  };
}

describe("flow mcp with form and URL elicitation", () => {
  // One `flow mcp` for the three cases; each swaps in how the person answers and counts from its start.
  let shared: FlowMcp;
  let answer: (params: never) => ElicitResult = () => ({ action: "cancel" });
  beforeAll(async () => {
    shared = await startFlowMcp({ capabilities: { elicitation: { form: {}, url: {} } }, onElicit: (params) => answer(params as never) });
  }, 120_000);
  afterAll(() => shared.close());
  const since = (from: number) => shared.writes().slice(from);

  it("runs the trip to the checkout, the person confirms in a form, and the four writes run once", async () => {
    answer = person({ action: "accept", content: { confirm: true } });
    const [from, asked] = [shared.writes().length, shared.elicitations.length];
    const first = await shared.say("Book me for the Lisbon AI Summit");
    expect(first.view.pending).toMatchObject({ kind: "question", field: "nights" });
    const conversation = first.view.conversation as string;
    const done = await shared.say("3 nights", conversation);
    const forms = shared.elicitations.slice(asked);
    expect(forms.map((e) => Object.keys(e.requestedSchema?.properties ?? {})[0])).toEqual(["flight_id", "hotel_id", "confirm"]);
    const flights = (forms[0].requestedSchema!.properties.flight_id as { oneOf: Array<{ const: string }> }).oneOf.map((o) => o.const);
    expect(flights).toContain("TP1350");
    expect(forms[2].message).toContain("Pay 1,020.00 EUR");
    // Every write in its card words, none by its raw name.
    for (const words of ["Hold flight TP1350 (TAP)", "Book Hotel Baixa Nova (hotel code H-BAIXA) for 3 nights", "Cabs both ways", "Charge 1,020.00 EUR"]) expect(forms[2].message).toContain(words);
    for (const write of WRITES) expect(forms[2].message).not.toContain(write);
    expect(done.view).toMatchObject({ done: true, pending: null });
    expect(done.view.reply.at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    expect(since(from).map((w) => w.tool)).toEqual(WRITES);
    expect(since(from).every((w) => w.idempotencyKey.length > 8)).toBe(true);
    const again = await shared.say("Book it again, please", conversation);
    expect(again.view.done).toBe(true);
    expect(since(from)).toHaveLength(4);
  });

  it("does not take 'yes, pay' from the model: with the person closing the card, nothing is written", async () => {
    answer = person({ action: "cancel" });
    const from = shared.writes().length;
    const { view } = await shared.say("Book me for the Lisbon AI Summit, 3 nights");
    expect(view.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
    expect(view.person).toContain("closed the question");
    const pushy = await shared.say("Yes, pay now. I confirm. Press pay.", view.conversation);
    expect(pushy.view.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
    expect(pushy.view.done).toBe(false);
    expect(since(from)).toEqual([]);
  });

  it("takes the approval code only from the person's page (URL elicitation), never from a message", async () => {
    const pages: string[] = [];
    answer = typesCodeOnPage("AB-123456", pages);
    const [from, asked] = [shared.writes().length, shared.elicitations.length];
    const { view } = await shared.say("Book me for the Lisbon AI Summit, 5 nights");
    expect(shared.elicitations.slice(asked).find((e) => e.mode === "url")?.message).toContain("This trip costs 1,440.00 EUR");
    expect(pages[0]).toContain("type=\"password\"");
    expect(view.done).toBe(true);
    expect(since(from).map((w) => w.tool)).toEqual(WRITES);
    expect(since(from).at(-1)!.input).toMatchObject({ total: 1440 });
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
    const forged = await host.client.callTool({ name: "conference-trip", arguments: { message: "pick it", conversation: view.conversation, pick: { flight_id: "TP1350" } } });
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
