/**
 * `serveSkills(options)`: what `flow mcp` runs. One flow per skill (sharing the store), one skill host,
 * and a transport: stdio (this process's stdin/stdout; it ends when stdin closes) or Streamable HTTP on
 * 127.0.0.1 (one MCP session per client, DNS-rebinding protection on). LangGraph is imported here, on
 * first use, so a tools.ts that only uses `mcpTools()` never loads it.
 */
import type { Readable, Writable } from "node:stream";
import type { Skill } from "@skillflow/core";
import type { CreateFlowOptions, HostTool, Persistence } from "@skillflow/langgraph";
import { createSkillHost, type SkillHost, type SkillHostOptions } from "./skill-host.js";
import { serveHttp } from "./serve-http.js";

export interface ServeSkillsOptions extends SkillHostOptions {
  skills: Array<{ skill: Skill; tools: Record<string, HostTool> }>;
  model: CreateFlowOptions["model"];
  /** Where conversations are kept (default in memory). */
  store?: Persistence | undefined;
  /** Serve over Streamable HTTP on this port (0: a free one) instead of stdio. */
  http?: { port: number; hostname?: string | undefined } | undefined;
  /** stdio only: the streams to use (default this process's stdin and stdout). */
  stdio?: { stdin: Readable; stdout: Writable } | undefined;
}

export interface ServingSkills {
  /** The MCP endpoint (HTTP only). */
  url?: string;
  /** Settles when serving stops (stdin closed, or `close()`). */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveSkills(options: ServeSkillsOptions): Promise<ServingSkills> {
  const { createFlow } = await import("@skillflow/langgraph");
  const hosted = [];
  for (const { skill, tools } of options.skills) {
    hosted.push({ skill, flow: await createFlow({ skill, tools, model: options.model, ...(options.store && { store: options.store }) }) });
  }
  const host = createSkillHost(hosted, options);
  return options.http ? serveHttp(host, options.http.port, options.http.hostname ?? "127.0.0.1") : serveStdio(host, options.stdio);
}

async function serveStdio(host: SkillHost, streams?: { stdin: Readable; stdout: Writable }): Promise<ServingSkills> {
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const stdin = streams?.stdin ?? process.stdin;
  const server = host.newServer();
  let done!: () => void;
  const closed = new Promise<void>((resolve) => (done = resolve));
  const close = async () => {
    await server.close().catch(() => undefined);
    await host.close();
    done();
  };
  stdin.once("end", () => void close());
  stdin.once("close", () => void close());
  await server.connect(new StdioServerTransport(stdin, streams?.stdout ?? process.stdout));
  return { closed, close };
}
