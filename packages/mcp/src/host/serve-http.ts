/**
 * Skills over Streamable HTTP: a node:http server on `hostname:port` whose `/mcp` endpoint gives each
 * client its own MCP session (`mcp-session-id`), as the SDK's stateful examples do. Requests whose Host
 * header is not this server's are refused (DNS rebinding). The edge.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { SkillHost } from "./skill-host.js";
import type { ServingSkills } from "./serve-skills.js";

export async function serveHttp(host: SkillHost, port: number, hostname: string): Promise<ServingSkills> {
  const { StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js");
  const { isInitializeRequest } = await import("@modelcontextprotocol/sdk/types.js");
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let allowedHosts: string[] = [];
  const http = createServer((req, res) => void handle(req, res).catch((error) => fail(res, 500, String(error))));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (new URL(req.url ?? "/", "http://x").pathname !== "/mcp") return fail(res, 404, "Not found: the MCP endpoint is /mcp.");
    const body = req.method === "POST" ? await jsonBody(req) : undefined;
    const id = req.headers["mcp-session-id"];
    const existing = typeof id === "string" ? sessions.get(id) : undefined;
    if (existing) return existing.handleRequest(req, res, body);
    if (req.method !== "POST" || !isInitializeRequest(body)) return fail(res, 400, "No valid session: start with an initialize request.");
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      enableDnsRebindingProtection: true,
      allowedHosts,
    });
    transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId));
    await host.newServer().connect(transport);
    await transport.handleRequest(req, res, body);
  }

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, hostname, () => resolve());
  });
  const address = http.address();
  const bound = typeof address === "object" && address ? address.port : port;
  allowedHosts = [`${hostname}:${bound}`, `localhost:${bound}`, `127.0.0.1:${bound}`];
  let done!: () => void;
  const closed = new Promise<void>((resolve) => (done = resolve));
  const close = async () => {
    for (const transport of sessions.values()) await transport.close().catch(() => undefined);
    const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections();
    await stopped;
    await host.close();
    done();
  };
  return { url: `http://${hostname}:${bound}/mcp`, closed, close };
}

function fail(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}
