/** How the tests start the fixture server (test-server.ts) as a real child process, and a tool context. */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ToolContext } from "@skillflow/core";
import type { McpToolsOptions } from "@skillflow/mcp";

export const SERVER = fileURLToPath(new URL("./fixtures/test-server.ts", import.meta.url));

/** mcpTools options for the stdio fixture; `instance` keeps tests that kill their server apart. */
export function stdioOptions(instance: string, extra: Partial<McpToolsOptions> = {}): McpToolsOptions {
  return { command: process.execPath, args: ["--import", "jiti/register", SERVER], env: { TEST_INSTANCE: instance }, startTimeoutMs: 30_000, ...extra };
}

export function context(extra: Partial<ToolContext> = {}): ToolContext {
  return { idempotencyKey: "", now: "2027-03-01T09:00:00Z", signal: new AbortController().signal, ...extra };
}

/** Start the fixture over Streamable HTTP; resolves with its URL once it listens. */
export function startHttpServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "jiti/register", SERVER], { env: { ...process.env, TEST_SERVER_HTTP: "1" }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.stdout!.on("data", (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}/mcp`, child });
    });
  });
}
