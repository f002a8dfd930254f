/**
 * A real MCP client (the SDK's `Client`) talking to `flow mcp` over stdio, as a host would: the built
 * binary runs as a child process serving skills/conference-trip/over-mcp, whose tools run in their own
 * MCP server process, which logs every call it receives (CONFERENCE_TRIP_CALL_LOG). So what was written
 * is read from the tool server's own log, not from anything `flow mcp` says. Run `npx tsc -b` first.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const WRITES = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];

export interface ServedCall {
  tool: string;
  input: Record<string, unknown>;
  idempotencyKey: string;
}

export interface FlowMcp {
  client: Client;
  /** Every elicitation the host was asked to show, in order. */
  elicitations: ElicitRequest["params"][];
  /** Call a skill tool; returns the structured content, the text and the whole result. */
  say(message: string, conversation?: string): Promise<CallOutcome>;
  /** What the conference tool server received (writes and lookups), in order. */
  served(): ServedCall[];
  writes(): ServedCall[];
  stderr(): string;
  close(): Promise<void>;
}

export interface CallOutcome {
  view: Record<string, any>;
  text: string;
  result: Record<string, any>;
}

let instance = 0;

export async function startFlowMcp(options: {
  capabilities?: Record<string, unknown>;
  onElicit?: (params: ElicitRequest["params"]) => ElicitResult | Promise<ElicitResult>;
  skill?: string;
}): Promise<FlowMcp> {
  const log = join(tmpdir(), `skillflow-flow-mcp-${process.pid}-${++instance}.jsonl`);
  rmSync(log, { force: true });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["packages/cli/bin/flow.js", "mcp", options.skill ?? "skills/conference-trip/over-mcp"],
    cwd: root,
    env: { CONFERENCE_TRIP_CALL_LOG: log, FLOW_IMPORT_TIMEOUT_MS: "60000" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "test-host", version: "1.0.0" }, { capabilities: options.capabilities ?? {} });
  const elicitations: ElicitRequest["params"][] = [];
  if (options.onElicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      elicitations.push(request.params);
      return options.onElicit!(request.params);
    });
  }
  await client.connect(transport, { timeout: 60_000 });
  const served = (): ServedCall[] => existsSync(log)
    ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line) as ServedCall)
    : [];
  return {
    client,
    elicitations,
    say: async (message, conversation) => {
      const result = (await client.callTool({ name: "conference-trip", arguments: { message, ...(conversation && { conversation }) } }, undefined, { timeout: 120_000 })) as Record<string, any>;
      return { view: result.structuredContent ?? {}, text: result.content?.[0]?.text ?? "", result };
    },
    served,
    writes: () => served().filter((call) => WRITES.includes(call.tool)),
    stderr: () => stderr,
    close: async () => {
      await client.close();
      rmSync(log, { force: true });
    },
  };
}
