/**
 * A failing check across a loop's passes (issue 38 E) served to MCP hosts by createSkillHost, over the
 * SDK's Client on an in-memory transport: the payment to change is asked of the person like any pick —
 * a form elicitation whose options are the loop's elements in words (each with the amount its pass
 * gave), never the host's model — and the one picked is asked again; the card comes once the sum holds.
 */
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { createFlow } from "@skillflow/langgraph";
import { offlineModel } from "@skillflow/langgraph/models";
import { createSkillHost, type SkillHost } from "@skillflow/mcp";

const SPLIT_PAYMENT = fileURLToPath(new URL("../../../test/fixtures/loops/split-payment", import.meta.url));
const hosts: SkillHost[] = [];
afterAll(() => Promise.all(hosts.map((h) => h.close())));

describe("the payment to change, over MCP", () => {
  it("form elicitation: the payments as titled options with their amounts; the one picked is asked again", async () => {
    const flow = await createFlow({ skill: SPLIT_PAYMENT, model: offlineModel() });
    const host = createSkillHost([{ skill: flow.skill, flow }]);
    hosts.push(host);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await host.newServer().connect(serverSide);
    const client = new Client({ name: "t", version: "1" }, { capabilities: { elicitation: { form: {} } } });
    const forms: Array<{ message: string; requestedSchema: any }> = [];
    const answers: ElicitResult[] = [
      { action: "accept", content: { method_ids: ["visa-4242", "gift-77"] } },
      { action: "accept", content: { payments: "gift-77" } },
      { action: "accept", content: { confirm: true } },
    ];
    client.setRequestHandler(ElicitRequestSchema, async (request) => (forms.push(request.params as never), answers.shift() ?? { action: "cancel" }));
    await client.connect(clientSide);
    const call = async (message: string, conversation?: string) =>
      (await client.callTool({ name: "split-payment", arguments: { message, ...(conversation ? { conversation } : {}) } })) as Record<string, any>;

    const first = await call("B1");
    const conversation = first.structuredContent.conversation;
    expect(first.structuredContent.pending).toMatchObject({ kind: "question", field: "amount" });
    await call("200", conversation);
    const check = await call("50", conversation);
    expect(forms[1]!.message).toContain("Those add up to 250.00, not 300.00. Which one do you want to change?");
    expect(forms[1]!.requestedSchema.properties.payments).toMatchObject({
      oneOf: [{ const: "visa-4242", title: "visa-4242 · Name: Visa ending 4242 · Amount: 200" }, { const: "gift-77", title: "gift-77 · Name: Gift card 77 · Amount: 50" }],
    });
    expect(check.structuredContent.pending).toMatchObject({ kind: "question", field: "amount", question: "How much goes on Gift card 77?" });
    const done = await call("100", conversation);
    expect(forms[2]!.message).toContain("Charge Visa ending 4242 200.00, Gift card 77 100.00 for booking B1?");
    expect(done.structuredContent.done).toBe(true);
    await client.close();
  });
});
