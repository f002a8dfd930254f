/**
 * Issue 36, point 2, where text is not the person's: over MCP a skill tool's `message` is passed on by
 * the host's model, so a "yes please" in it is not the person's yes (a yes typed in a chat is read by
 * the runtime from a fixed list; here it would let the host's model confirm). The message is sent
 * `relayed`: the card stands, nothing is written, and only the app's click (the person) presses it.
 */
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createFlow } from "@skillflow/langgraph";
import { offlineModel } from "@skillflow/langgraph/models";
import { createSkillHost, type SkillHost } from "@skillflow/mcp";

const RETURN_LINES = fileURLToPath(new URL("../../../test/fixtures/serve/return_lines", import.meta.url));
const APPS = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } };
const returned = () => ((globalThis as Record<string, unknown>).__returnLines ?? []) as Array<{ order_id: string; item_ids: string[] }>;
const hosts: SkillHost[] = [];
afterAll(() => Promise.all(hosts.map((h) => h.close())));

describe("a yes in the host model's message over MCP", () => {
  it("is not the person's yes: the card stands and nothing is written until the app's click", async () => {
    const flow = await createFlow({ skill: RETURN_LINES, model: offlineModel() });
    const host = createSkillHost([{ skill: flow.skill, flow }]);
    hosts.push(host);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await host.newServer().connect(serverSide);
    const client = new Client({ name: "t", version: "1" }, { capabilities: APPS });
    await client.connect(clientSide);
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<Record<string, any>>;

    const grid = await call("return_lines", { message: "#W1" });
    const conversation = grid.structuredContent.conversation;
    const click = (t: string, answer: Record<string, unknown>) => call("skillflow_widget_answer", { skill: "return_lines", conversation, token: t, ...answer });
    const card = await click(grid._meta["skillflow/widget-token"], { pick: { field: "item_ids", value: ["lamp"] } });
    expect(card.structuredContent.pending).toMatchObject({ kind: "confirm" });
    const before = returned().length;

    const said = await call("return_lines", { message: "yes please", conversation });
    expect(said.isError).toBeFalsy();
    expect(said.structuredContent.pending).toMatchObject({ kind: "confirm" });
    expect(returned().length).toBe(before);

    const pressed = await click(said._meta["skillflow/widget-token"], { press: { confirm: "send_back", yes: true } });
    expect(pressed.structuredContent.done).toBe(true);
    expect(returned().slice(before)).toEqual([{ order_id: "#W1", item_ids: ["lamp"] }]);
    await client.close();
  });
});
