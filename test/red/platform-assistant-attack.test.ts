/**
 * Red attack on the LangGraph platform: a chat client that may create assistants puts an older
 * checkpoint in an assistant's config (`configurable.checkpoint_id`), which the server merges into every
 * run of that assistant — `refuseRun` sees only the run's own config. Run on the dev server, with the
 * auth handler docs/langgraph-platform.md recommends.
 */
import { Client } from "@langchain/langgraph-sdk";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../helpers/langgraph-dev-server.js";

const ROOT = join(import.meta.dirname, "../..");
const GRAPHS = join(ROOT, "test/fixtures/langgraph-platform/graphs.ts");
const KEY = "ab".repeat(32);

let server: DevServer;
let client: Client;
let log: string;

interface Written { tool: string; key: string; inputs: Record<string, unknown> }
const written = (): Written[] =>
  existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Written) : [];

beforeAll(async () => {
  const writes = mkdtempSync(join(tmpdir(), "skillflow-writes-"));
  log = join(writes, "writes.jsonl");
  server = await startDevServer(
    { trip: `${GRAPHS}:trip` },
    { SKILLFLOW_TEST_WRITE_LOG: log, SKILLFLOW_DEPLOYMENT_KEY: KEY, SKILLFLOW_MODEL: "offline", SKILLFLOW_TEST_SLOW_MS: "0" },
    ROOT,
    join(ROOT, "test/fixtures/langgraph-platform/auth.ts:auth"),
  );
  client = new Client({ apiUrl: server.url });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dir, { recursive: true, force: true });
  if (log) rmSync(dirname(log), { recursive: true, force: true });
});

async function waitingAt(thread: string): Promise<Record<string, any> | undefined> {
  const state = await client.threads.getState(thread);
  return state.tasks.flatMap((t) => (t.interrupts ?? []).map((i) => i.value as Record<string, any>))[0];
}

describe("an assistant whose config names an older checkpoint", () => {
  it("cannot run a confirmed write a second time from the checkpoint before it was recorded", async () => {
    const { thread_id: t } = await client.threads.create();
    await client.runs.wait(t, "trip", { input: { messages: [{ type: "human", content: "Book me for the Lisbon AI Summit, 3 nights", id: "m1" }] } });
    await client.runs.wait(t, "trip", { command: { resume: { pick: { flight_id: "TP1350" } } } });
    await client.runs.wait(t, "trip", { command: { resume: { pick: { hotel_id: "H-BAIXA" } } } });
    const checkout = await waitingAt(t);
    expect(checkout).toMatchObject({ kind: "confirm", confirm: "pay" });
    const atCard = (await client.threads.getState(t)).checkpoint;
    const digest = (checkout!.card as { digest: string }).digest;
    await client.runs.wait(t, "trip", { command: { resume: { press: "pay", card: digest } } });
    const once = written().length;
    expect(once).toBe(4);

    let forged: { assistant_id: string } | undefined;
    try {
      forged = await client.assistants.create({ graphId: "trip", config: { configurable: { checkpoint_id: atCard.checkpoint_id } } });
    } catch {
      forged = undefined; // refused: held
    }
    if (forged) {
      try {
        await client.runs.wait(t, forged.assistant_id, { command: { resume: { press: "pay", card: digest } } });
      } catch {
        // refused: held
      }
    }
    // the recommended auth handler refuses the assistant (refuseAssistant); before it, the four
    // confirmed writes ran a second time (8 records)
    expect(forged).toBeUndefined();
    expect(written().length).toBe(once);
  });
});
