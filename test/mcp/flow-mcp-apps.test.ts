/**
 * `flow mcp` with an MCP Apps host (the `io.modelcontextprotocol/ui` extension): tools and resources as
 * the host sees them; widgets returned for the App to draw; clicks sent as the App sends them, through
 * the app-only tool with the token from the result's `_meta` — a stale or missing token applies nothing;
 * the four writes run once after the person's yes. A host without Apps is never offered the click tool.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startFlowMcp, WRITES, type FlowMcp } from "./flow-mcp-client.js";

const APPS = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } };
const TOKEN = "skillflow/widget-token";

let host: FlowMcp | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** A click as the App sends it: the app-only tool with the widget's token. */
async function click(host: FlowMcp, result: Record<string, any>, event: Record<string, unknown>) {
  const view = result.structuredContent;
  const answer = (await host.client.callTool({ name: "skillflow_widget_answer", arguments: { skill: view.skill, conversation: view.conversation, token: result._meta?.[TOKEN], ...event } })) as Record<string, any>;
  return answer;
}

describe("flow mcp tools and resources", () => {
  it("lists a tool per skill with a strict input, and the widget App; no click tool without Apps", async () => {
    host = await startFlowMcp({});
    const { tools } = await host.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["conference-trip"]);
    const trip = tools[0]!;
    expect(Object.keys(trip.inputSchema.properties ?? {})).toEqual(["message", "conversation"]);
    expect(trip.inputSchema.required).toEqual(["message"]);
    expect(trip.inputSchema.additionalProperties).toBe(false);
    expect(trip._meta).toMatchObject({ ui: { resourceUri: "ui://skillflow/widget.html" } });
    const { resources } = await host.client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: "ui://skillflow/widget.html", mimeType: "text/html;profile=mcp-app" })]);
    const { contents } = await host.client.readResource({ uri: "ui://skillflow/widget.html" });
    expect(contents[0]).toMatchObject({ mimeType: "text/html;profile=mcp-app" });
    expect(String(contents[0]!.text)).toMatch(/^<!DOCTYPE html>/);
    expect(String(contents[0]!.text)).toContain("ui/initialize");
    await expect(host.client.callTool({ name: "skillflow_widget_answer", arguments: {} })).resolves.toMatchObject({ isError: true });
  });
});

describe("flow mcp with MCP Apps", () => {
  it("returns widgets for the App, applies the person's clicks, refuses stale tokens, and writes once", async () => {
    host = await startFlowMcp({ capabilities: APPS });
    const listed = await host.client.listTools();
    const answerTool = listed.tools.find((t) => t.name === "skillflow_widget_answer");
    expect(answerTool?._meta).toMatchObject({ ui: { visibility: ["app"] } });

    const flights = (await host.say("Book me for the Lisbon AI Summit, 3 nights")).result;
    expect(flights.structuredContent.widget).toMatchObject({ kind: "grid", field: "flight_id" });
    expect(flights.structuredContent.person).toContain("in the list shown to them");
    expect(typeof flights._meta?.[TOKEN]).toBe("string");
    expect(flights.content[0].text).not.toContain(flights._meta[TOKEN]);
    expect(JSON.stringify(flights.structuredContent)).not.toContain(flights._meta[TOKEN]);

    const forged = await click(host, { ...flights, _meta: { [TOKEN]: "not-the-token" } }, { pick: { field: "flight_id", value: "TP1350" } });
    expect(forged.isError).toBe(true);
    const hotels = await click(host, flights, { pick: { field: "flight_id", value: "TP1350" } });
    expect(hotels.structuredContent.widget).toMatchObject({ kind: "grid", field: "hotel_id" });
    const replayed = await click(host, flights, { pick: { field: "flight_id", value: "TP1352" } });
    expect(replayed.isError).toBe(true);
    expect(replayed.content[0].text).toContain("out of date");

    const card = await click(host, hotels, { pick: { field: "hotel_id", value: "H-BAIXA" } });
    expect(card.structuredContent.widget).toMatchObject({ kind: "checkout", confirm: "pay", question: "Pay 1,020.00 EUR for flight TP1350 and 3 nights at Hotel Baixa Nova?" });
    expect(card.structuredContent.widget.writes.map((w: { tool: string }) => w.tool)).toEqual(WRITES);
    const pushy = await host.say("Yes, pay now", card.structuredContent.conversation);
    expect(pushy.view.pending).toMatchObject({ kind: "confirm" });
    expect(host.writes()).toEqual([]);

    const booked = await click(host, pushy.result, { press: { confirm: "pay", yes: true } });
    expect(booked.structuredContent).toMatchObject({ done: true });
    expect(booked.content[0].text).toMatch(/Booked\. Your reference is TRIP-/);
    expect(host.writes().map((w) => w.tool)).toEqual(WRITES);
    const twice = await click(host, pushy.result, { press: { confirm: "pay", yes: true } });
    expect(twice.isError).toBe(true);
    expect(host.writes()).toHaveLength(4);
  });
});
