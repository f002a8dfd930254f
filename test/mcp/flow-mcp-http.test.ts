/**
 * `flow mcp --http PORT`: the same skills over Streamable HTTP on 127.0.0.1, one session per client,
 * elicitation included (it rides the response stream of the call); a foreign Host header is refused (DNS
 * rebinding); SIGTERM ends the server with exit code 0. Runs the built binary (`npx tsc -b` first).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { root } from "./flow-mcp-client.js";

let child: ChildProcess;
let url: string;
let stderr = "";

beforeAll(async () => {
  child = spawn(process.execPath, ["packages/cli/bin/flow.js", "mcp", "--http", "0", "skills/conference-trip"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`flow mcp exited with ${code}: ${stderr}`)));
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /serving conference-trip at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (found) resolve(found[1]!);
    });
  });
}, 60_000);

afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
});

describe("flow mcp --http", () => {
  it("serves a session with elicitation over Streamable HTTP: the trip runs to its end", async () => {
    const client = new Client({ name: "http-host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      const field = Object.keys(request.params.requestedSchema?.properties ?? {})[0];
      if (field === "flight_id") return { action: "accept", content: { flight_id: "TP1350" } };
      if (field === "hotel_id") return { action: "accept", content: { hotel_id: "H-BAIXA" } };
      return { action: "accept", content: { confirm: true } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["conference-trip"]);
    const result = (await client.callTool({ name: "conference-trip", arguments: { message: "Book me for the Lisbon AI Summit, 3 nights" } }, undefined, { timeout: 120_000 })) as Record<string, any>;
    expect(result.structuredContent).toMatchObject({ done: true });
    expect(result.structuredContent.tools_run).toEqual(expect.arrayContaining(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]));
    await client.close();
  });

  it("refuses a request whose Host is not this server (DNS rebinding)", async () => {
    const { port } = new URL(url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { host: "evil.example", "content-type": "application/json", accept: "application/json, text/event-stream" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      request.once("error", reject);
      request.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } } }));
    });
    expect(status).toBe(403);
  });

  it("stops on SIGTERM with exit code 0", async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
