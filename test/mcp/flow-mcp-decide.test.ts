/**
 * `flow mcp` serving a skill with a `decide` (issue 38 C): the skill tool's result carries the question
 * and its options (the widget's rows: each option's key and words). With form elicitation the person
 * chooses in a form that lists the options with their words; the host's model cannot choose (its message
 * naming an option is relayed text, which never answers for the person).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { startFlowMcp, type FlowMcp } from "./flow-mcp-client.js";

let host: FlowMcp | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function call(mcp: FlowMcp, message: string, conversation?: string): Promise<Record<string, any>> {
  const result = (await mcp.client.callTool({ name: "escalation", arguments: { message, ...(conversation && { conversation }) } }, undefined, { timeout: 120_000 })) as Record<string, any>;
  return result.structuredContent ?? {};
}

const OPTIONS = [{ id: "send_back", label: "Send it back to the developer" }, { id: "stop", label: "Stop the work" }];

describe("flow mcp at a decide", () => {
  it("without forms or apps: the result shows the question and options, and the host's model cannot choose", async () => {
    host = await startFlowMcp({ skill: "test/fixtures/decide/escalation" });
    const first = await call(host, "T-7");
    expect(first.pending).toEqual({ kind: "pick", field: "escalation", question: "Three reviews of T-7 without approval. What now?" });
    expect(first.widget).toMatchObject({ kind: "choices", field: "escalation", rows: OPTIONS });
    expect(first.person).toContain("Only the person can choose");
    const pushy = await call(host, "stop", first.conversation);
    expect(pushy.pending).toMatchObject({ kind: "pick", field: "escalation" });
    expect(pushy.done).toBe(false);
  }, 120_000);

  it("with form elicitation: the person chooses in a form listing the options' words", async () => {
    host = await startFlowMcp({
      skill: "test/fixtures/decide/escalation",
      capabilities: { elicitation: { form: {} } },
      onElicit: (): ElicitResult => ({ action: "accept", content: { escalation: "stop" } }),
    });
    const done = await call(host, "T-8");
    const form = host.elicitations[0]!;
    expect(form.message).toBe("Three reviews of T-8 without approval. What now?");
    const property = form.requestedSchema!.properties.escalation as { oneOf: Array<{ const: string; title: string }> };
    expect(property.oneOf.map((o) => o.const)).toEqual(["send_back", "stop"]);
    expect(property.oneOf[0]!.title).toContain("Send it back to the developer");
    expect(done.reply).toContain("The work on T-8 stops here.");
    expect(done.done).toBe(true);
  }, 120_000);
});
