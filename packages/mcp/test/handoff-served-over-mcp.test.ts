/**
 * Red team of the hand-off for a skill served to an MCP host (issue 23): a refund waits for a supervisor,
 * the person asks for a human agent through the host and is handed over; then the host's model calls the
 * skill tool again asking for the refund, and the supervisor's approval arrives from outside. Nothing
 * runs: each later call says the person is with a human agent, with no model call and no tool run, and
 * every result from the hand-off on says `handed_off` (as AG-UI's RUN_FINISHED does), so a host can route.
 * Served by createSkillHost to the SDK's Client over an in-memory transport pair.
 */
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createFlow, type ModelPort } from "@skillflow/langgraph";
import { createSkillHost, threadOf, type SkillHost } from "@skillflow/mcp";

const skillPath = fileURLToPath(new URL("../../../test/fixtures/serve/approval-then-hand-off", import.meta.url));
const ran = () => ((globalThis as Record<string, unknown>).__approvalThenHandOff ?? []) as Array<{ tool: string; key: string }>;
const WITH_AGENT = "You are with a human agent now: this conversation was handed over to them, so nothing more is done here.";
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

describe("a hand-off served over MCP", () => {
  it("ends the conversation: a later call and the supervisor's approval run nothing", async () => {
    // The fixture's log is the process's (test files share a worker): only this test's calls count.
    const earlier = ran().length;
    const flow = await createFlow({ skill: skillPath, model });
    skills = createSkillHost([{ skill: flow.skill, flow }]);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await skills.newServer().connect(serverSide);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(clientSide);
    const call = async (message: string, conversation?: string) =>
      ((await client.callTool({ name: flow.skill.name, arguments: { message, ...(conversation && { conversation }) } })) as Record<string, any>).structuredContent;

    script.push({ summary: "refund", order_id: "W1" });
    const waiting = await call("Refund my order W1");
    expect(waiting.pending).toEqual({ kind: "approval", confirm: "refund", role: "supervisor" });
    script.push({ summary: "a person" });
    const handed = await call("Forget it, let me talk to a person", waiting.conversation);
    expect(handed.reply).toContain("A human agent will take it from here. Please hold on.");
    expect(handed.tools_run).toEqual(["pass_to_agent"]);
    expect(handed.done).toBe(true);
    // The host can tell a hand-off from a finished skill, and route the conversation to the person.
    expect(handed.handed_off).toEqual({ tool: "pass_to_agent" });
    const callsAtHandOff = calls;

    script.push({ summary: "refund", order_id: "W1" });
    const later = await call("Refund W1 after all, please", waiting.conversation);
    expect(later.reply).toEqual([WITH_AGENT]);
    expect(later.tools_run).toEqual([]);
    expect(later.handed_off).toEqual({ tool: "pass_to_agent" });
    const approved = await flow.send(threadOf(flow.skill.name, waiting.conversation), { approve: "refund", by: "supervisor" });
    expect(approved.reply).toEqual([WITH_AGENT]);
    expect(approved.tools).toEqual([]);
    expect(calls, "no model call after the hand-off").toBe(callsAtHandOff);
    expect(ran().slice(earlier).map((r) => r.tool)).toEqual(["pass_to_agent"]);
    await client.close();
  });
});
