// bench/platform: one Skillflow turn through LangGraph's own dev server (`npx @langchain/langgraph-cli
// dev`, driven with @langchain/langgraph-sdk's `runs.wait`) beside the same turn of the same graph
// invoked in-process on a MemorySaver — what the server, HTTP and its queue add to a turn. The turn is a
// refused flight pick at the conference trip (a resume: the replay, one lookup, a refusal, the same
// interrupt again), repeatable on one thread. Prints the server's start-up time and the median and p90
// of each. Offline: the offline extractor, tracing and the CLI's analytics off, no browser.
// Runs from dist: `npx tsc -b && npm run bench:platform` (`PLATFORM_SAMPLES=N` changes the sample count).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Command, MemorySaver } from "@langchain/langgraph";
import { Client } from "@langchain/langgraph-sdk";
import { createSkillGraph } from "@skillflow/langgraph/platform";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SAMPLES = Number(process.env.PLATFORM_SAMPLES ?? 30);
const FIRST = "Book me for the Lisbon AI Summit, 3 nights";
const REFUSED_PICK = { pick: { flight_id: "TP1352" } };

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const dir = mkdtempSync(join(tmpdir(), "skillflow-bench-platform-"));
const module = `./${relative(dir, join(ROOT, "skills/langgraph.ts"))}`;
writeFileSync(join(dir, "langgraph.json"), JSON.stringify({ node_version: "20", graphs: { trip: `${module}:trip` } }));
writeFileSync(join(dir, ".gitignore"), ".langgraph_api\n");
const url = `http://127.0.0.1:${port}`;
const started = performance.now();
const child = spawn("npx", ["--no", "@langchain/langgraph-cli", "dev", "--port", String(port), "--host", "127.0.0.1", "--no-browser", "--no-reload", "--studio-url", url, "--config", join(dir, "langgraph.json")], {
  cwd: ROOT, detached: true, stdio: "ignore",
  env: { ...process.env, LANGGRAPH_CLI_NO_ANALYTICS: "1", LANGSMITH_TRACING: "false", LANGCHAIN_TRACING_V2: "false", BROWSER: "none", SKILLFLOW_MODEL: "offline" },
});
const client = new Client({ apiUrl: url });
try {
  for (;;) {
    try {
      if ((await client.assistants.search()).length > 0) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const startup = performance.now() - started;
  const { thread_id } = await client.threads.create();
  await client.runs.wait(thread_id, "trip", { input: { messages: [{ type: "human", content: FIRST }] } });
  const served = await timed(() => client.runs.wait(thread_id, "trip", { command: { resume: REFUSED_PICK } }));

  const graph = await createSkillGraph({ skill: join(ROOT, "skills/conference-trip"), model: "offline", checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "bench" } };
  await graph.invoke({ messages: [{ role: "user", content: FIRST }] }, config);
  const local = await timed(() => graph.invoke(new Command({ resume: REFUSED_PICK }), config));

  console.log(`dev server start-up        ${(startup / 1000).toFixed(1)} s`);
  console.log(`turn over the dev server   median ${served.median.toFixed(1)} ms, p90 ${served.p90.toFixed(1)} ms (${SAMPLES} runs.wait)`);
  console.log(`same turn in-process       median ${local.median.toFixed(1)} ms, p90 ${local.p90.toFixed(1)} ms (MemorySaver)`);
  console.log(`ratio                      ${(served.median / local.median).toFixed(1)}x`);
} finally {
  try { process.kill(-child.pid, "SIGTERM"); } catch { /* gone */ }
  rmSync(dir, { recursive: true, force: true });
}

/** Median and p90 of SAMPLES runs of `turn`, after 3 untimed. */
async function timed(turn) {
  for (let i = 0; i < 3; i += 1) await turn();
  const times = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const t = performance.now();
    await turn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)] };
}
