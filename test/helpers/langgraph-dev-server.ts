/**
 * Starting LangGraph's own dev server (`npx @langchain/langgraph-cli dev`) for a test, as a real child
 * process: a langgraph.json written to a fresh folder (so the server's `.langgraph_api` files and the
 * `.gitignore` it edits land there, not in the repository) naming graph modules by absolute path, a free
 * port, no browser, no reload, and no network — LangSmith tracing off, the CLI's analytics off, the
 * Studio URL a local one so the CLI asks no one for it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

export interface DevServer {
  url: string;
  dir: string;
  /** Everything the server printed (for a failing test's message). */
  output: () => string;
  stop: () => Promise<void>;
}

/** An unused TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The environment that keeps the CLI and the server off the network. */
export const OFFLINE_ENV = {
  LANGGRAPH_CLI_NO_ANALYTICS: "1",
  LANGSMITH_TRACING: "false",
  LANGSMITH_TRACING_V2: "false",
  LANGCHAIN_TRACING_V2: "false",
  LANGCHAIN_CALLBACKS_BACKGROUND: "false",
  BROWSER: "none",
};

/**
 * Start the dev server on `graphs` (id → `/abs/path/module.ts:export`), with the auth handler `auth`
 * (`/abs/path/auth.ts:export`) when given, and wait until it answers. The
 * paths are written relative to the langgraph.json, as the server wants them: it resolves
 * `@langchain/langgraph` for every graph from the first graph's file (one copy of LangGraph).
 */
export async function startDevServer(graphs: Record<string, string>, env: Record<string, string>, cwd: string, auth?: string, timeoutMs = 60_000): Promise<DevServer> {
  const dir = mkdtempSync(join(tmpdir(), "skillflow-langgraph-"));
  const local = (spec: string) => {
    const at = spec.lastIndexOf(":");
    return `./${relative(dir, spec.slice(0, at))}:${spec.slice(at + 1)}`;
  };
  const named = Object.fromEntries(Object.entries(graphs).map(([id, spec]) => [id, local(spec)]));
  writeFileSync(join(dir, "langgraph.json"), JSON.stringify({ node_version: "20", graphs: named, ...(auth && { auth: { path: local(auth) } }) }, null, 2));
  writeFileSync(join(dir, ".gitignore"), ".langgraph_api\n");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LANGSMITH|LANGCHAIN)_/.test(k)));
  const child = spawn("npx", ["--no", "@langchain/langgraph-cli", "dev", "--port", String(port), "--host", "127.0.0.1",
    "--no-browser", "--no-reload", "--studio-url", url, "--config", join(dir, "langgraph.json")], {
    cwd, env: { ...clean, ...OFFLINE_ENV, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true,
  });
  let printed = "";
  child.stdout!.on("data", (chunk) => (printed += chunk));
  child.stderr!.on("data", (chunk) => (printed += chunk));
  const server: DevServer = { url, dir, output: () => printed, stop: () => stopGroup(child) };
  try {
    await waitUntilUp(url, child, timeoutMs);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n${printed}`);
  }
  return server;
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the dev server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/assistants/search`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      if (response.ok && ((await response.json()) as unknown[]).length > 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the dev server did not answer within ${timeoutMs} ms`);
}

/** Stop the server's whole process group (npx, the CLI, the server it spawned) and wait for npx to exit. */
function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // gone
      }
    }, 3000).unref();
  });
}
