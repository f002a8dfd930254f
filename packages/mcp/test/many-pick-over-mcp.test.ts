/**
 * A pick of several rows (`many: true`, issue 23) served to MCP hosts by createSkillHost, over the SDK's
 * Client on an in-memory transport. With form elicitation it is the specification's titled multi-select
 * (`type: array`, `items.anyOf`, `minItems: 1`); the SDK checks the answer against it (an id that is not
 * a row fails the call), and the list is then sent as it came, so a row given twice is refused by the
 * runtime and the form comes again. With MCP Apps the widget
 * says `many: true` and the app-only click carries the list. The card lists both rows; one write on yes.
 */
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { createFlow } from "@skillflow/langgraph";
import { offlineModel } from "@skillflow/langgraph/models";
import { createSkillHost, type SkillHost } from "@skillflow/mcp";

const RETURN_LINES = fileURLToPath(new URL("../../../test/fixtures/serve/return_lines", import.meta.url));
const APPS = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } };
const returned = () => ((globalThis as Record<string, unknown>).__returnLines ?? []) as Array<{ order_id: string; item_ids: string[] }>;
const hosts: SkillHost[] = [];
afterAll(() => Promise.all(hosts.map((h) => h.close())));

async function connect(capabilities: Record<string, unknown>, answers: ElicitResult[] = []) {
  const flow = await createFlow({ skill: RETURN_LINES, model: offlineModel() });
  const host = createSkillHost([{ skill: flow.skill, flow }]);
  hosts.push(host);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await host.newServer().connect(serverSide);
  const client = new Client({ name: "t", version: "1" }, { capabilities });
  const forms: Array<{ message: string; requestedSchema: any }> = [];
  if (capabilities.elicitation) client.setRequestHandler(ElicitRequestSchema, async (request) => (forms.push(request.params as never), answers.shift() ?? { action: "cancel" }));
  await client.connect(clientSide);
  return { client, forms };
}

describe("several rows picked over MCP", () => {
  it("form elicitation: a titled multi-select; a row given twice is refused and asked again; the card lists both", async () => {
    const { client, forms } = await connect({ elicitation: { form: {} } }, [
      { action: "accept", content: { item_ids: ["lamp", "lamp"] } },
      { action: "accept", content: { item_ids: ["lamp", "mug"] } },
      { action: "accept", content: { confirm: true } },
    ]);
    const before = returned().length;
    const result = (await client.callTool({ name: "return_lines", arguments: { message: "#W1" } })) as Record<string, any>;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(forms[0]!.requestedSchema.properties.item_ids).toEqual({
      type: "array", title: "Which items would you like to return? You can pick several.", minItems: 1,
      items: { anyOf: [{ const: "lamp", title: "Desk lamp · Price: 40" }, { const: "chair", title: "Office chair · Price: 120" }, { const: "mug", title: "Coffee mug · Price: 8" }] },
    });
    // A row given twice (the multi-select schema cannot say uniqueItems) reaches the runtime as given, is
    // refused, and the same form comes again.
    expect(result.structuredContent.reply).toContain("Please pick each of the listed options at most once.");
    expect(forms[1]!.requestedSchema).toEqual(forms[0]!.requestedSchema);
    expect(forms[2]!.message).toBe("Return Desk lamp, Coffee mug from order #W1?\n\nThis will run, with exactly these details:\n- Return items lamp, mug from order #W1");
    expect(result.structuredContent.done).toBe(true);
    expect(returned().slice(before)).toEqual([{ order_id: "#W1", item_ids: ["lamp", "mug"] }]);
    await client.close();
  });

  it("form elicitation: an id that is not a row fails the SDK's check of the answer against the form; nothing is written", async () => {
    const { client } = await connect({ elicitation: { form: {} } }, [{ action: "accept", content: { item_ids: ["lamp", "sofa"] } }]);
    const before = returned().length;
    const result = (await client.callTool({ name: "return_lines", arguments: { message: "#W1" } })) as Record<string, any>;
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^MCP error -32602: Elicitation response content does not match requested schema/);
    expect(returned().length).toBe(before);
    await client.close();
  });

  it("MCP Apps: the widget says many: true, and the app-only click carries the list of ids", async () => {
    const { client, forms } = await connect(APPS);
    const first = (await client.callTool({ name: "return_lines", arguments: { message: "#W1" } })) as Record<string, any>;
    const view = first.structuredContent;
    expect(view.pending).toEqual({ kind: "pick", field: "item_ids", question: "Which items would you like to return? You can pick several.", many: true });
    expect(view.widget).toMatchObject({ kind: "grid", field: "item_ids", many: true, headers: ["Item", "Price"] });
    const token = first._meta["skillflow/widget-token"];
    const click = (pick: unknown, t: string) => client.callTool({ name: "skillflow_widget_answer", arguments: { skill: "return_lines", conversation: view.conversation, token: t, pick } }) as Promise<Record<string, any>>;
    const card = await click({ field: "item_ids", value: ["chair", "mug"] }, token);
    expect(card.structuredContent.pending).toMatchObject({ kind: "confirm", writes: [{ tool: "return_items", inputs: { order_id: "#W1", item_ids: ["chair", "mug"] } }] });
    expect(forms).toEqual([]);
    await client.close();
  });
});
