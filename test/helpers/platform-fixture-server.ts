/**
 * The platform tests' dev server: the graphs of test/fixtures/langgraph-platform/graphs.ts on LangGraph's
 * own dev server (langgraph-dev-server.ts), behind the auth handler docs/langgraph-platform.md
 * recommends, offline, each write appended to a log file before it runs — so a test reads what ran from
 * the tools themselves — and an SDK client for it.
 */
import { Client } from "@langchain/langgraph-sdk";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { startDevServer, type DevServer } from "./langgraph-dev-server.js";

const ROOT = join(import.meta.dirname, "../..");
const FIXTURES = join(ROOT, "test/fixtures/langgraph-platform");
/** The deployment key the server keys its digests and approval tokens with. */
export const KEY = "ab".repeat(32);

export interface Written { tool: string; key: string; inputs: Record<string, unknown> }

export interface FixtureServer {
  server: DevServer;
  client: Client;
  /** Every write the fixture's tools ran, in order. */
  written: () => Written[];
  /** Stop the server and remove its folder and the write log. */
  close: () => Promise<void>;
}

/** Start the dev server hosting `graphs` (names exported by graphs.ts); `slowMs` holds a 2-night hotel hold that long. */
export async function startFixtureServer(graphs: readonly string[], slowMs = 0): Promise<FixtureServer> {
  const log = join(mkdtempSync(join(tmpdir(), "skillflow-writes-")), "writes.jsonl");
  const server = await startDevServer(
    Object.fromEntries(graphs.map((name) => [name, `${FIXTURES}/graphs.ts:${name}`])),
    { SKILLFLOW_TEST_WRITE_LOG: log, SKILLFLOW_DEPLOYMENT_KEY: KEY, SKILLFLOW_MODEL: "offline", SKILLFLOW_TEST_SLOW_MS: String(slowMs) },
    ROOT,
    `${FIXTURES}/auth.ts:auth`,
  );
  return {
    server,
    client: new Client({ apiUrl: server.url }),
    written: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Written) : []),
    close: async () => {
      await server.stop();
      rmSync(server.dir, { recursive: true, force: true });
      rmSync(dirname(log), { recursive: true, force: true });
    },
  };
}
