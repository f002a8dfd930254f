/**
 * An `end` for a skill served to an MCP host: the call that reaches it says `tell:` and its result
 * names the outcome and its status (`ended`, as AG-UI's RUN_FINISHED does), with the text telling the
 * host's model; every later call says only that the conversation has ended, with no model call and no
 * tool run, and still names the outcome. Served by createSkillHost to the SDK's Client in memory.
 */
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createFlow, type ModelPort } from "@skillflow/langgraph";
import { createSkillHost, type SkillHost } from "@skillflow/mcp";

const skillPath = fileURLToPath(new URL("../../../test/fixtures/endings/library-loan", import.meta.url));
const ENDED = "This conversation has ended, so nothing more is done in it. Start a new conversation for anything else.";
const script: Array<Record<string, unknown>> = [];
let calls = 0;
const model: ModelPort = {
  id: "scripted",
  async extract() {
    calls += 1;
    return { extraction: { ok: true, values: script.shift() ?? {} }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
  },
};
let skills: SkillHost | undefined;
afterAll(() => skills?.close());

describe("an end served over MCP", () => {
  it("names the outcome in the result of the call that ended it and of every later one, which runs nothing", async () => {
    const flow = await createFlow({ skill: skillPath, model });
    skills = createSkillHost([{ skill: flow.skill, flow }]);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await skills.newServer().connect(serverSide);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(clientSide);
    const call = async (message: string, conversation?: string) =>
      (await client.callTool({ name: flow.skill.name, arguments: { message, ...(conversation && { conversation }) } })) as Record<string, any>;

    script.push({ card: "C9999" });
    const ended = await call("My card is C9999");
    expect(ended.structuredContent.reply).toContain("Card C9999 cannot borrow books (it has expired), so nothing was lent.");
    expect(ended.structuredContent.done).toBe(true);
    expect(ended.structuredContent.ended).toEqual({ outcome: "card_invalid", status: "failed" });
    expect(ended.content[0].text).toContain("The conversation ended (outcome card_invalid, failed)");
    const callsAtEnd = calls;

    const later = await call("Use card C1234 then", ended.structuredContent.conversation);
    expect(later.structuredContent.reply).toEqual([ENDED]);
    expect(later.structuredContent.tools_run).toEqual([]);
    expect(later.structuredContent.ended).toEqual({ outcome: "card_invalid", status: "failed" });
    expect(calls, "no model call after the end").toBe(callsAtEnd);
    await client.close();
  });
});
