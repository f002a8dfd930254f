// bench/serve: the conference-trip conversation (5 turns: open, the message, two row clicks, Pay) served
// over HTTP by @skillflow/server (AG-UI RunAgentInput in, SSE out, on 127.0.0.1) beside the same turns
// through createFlow in process, in the same run, on SQLite (a temp file) and PostgreSQL (PG_URL, when
// set), with 1 and 50 conversations at once, in 5 rounds whose arms alternate (medians). The model is scripted (a fixed table: no network), so the
// figures measure the runtime, the store and the HTTP layer. Prints turns/s, p50 and p99 per turn, and
// the HTTP / in-process ratios. The HTTP client runs in a worker thread (bench/serve/http-client.mjs), as
// a browser would run elsewhere, so the server's process does only the server's work. Runs from dist: `npx tsc -b && npm run bench:serve`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { createFlow, openCheckpointer } from "@skillflow/langgraph";
import { createSkillflowServer, listen } from "@skillflow/server";

const SKILL = fileURLToPath(new URL("../skills/conference-trip", import.meta.url));
const NOW = "2027-03-01T09:00:00Z";
const GOAL = 1.5;
/** Rounds of each condition (`SERVE_ROUNDS=N`); medians over them. */
const ROUNDS = Number(process.env.SERVE_ROUNDS ?? 5);
/** Conversations per condition (at concurrency 1 they run one after the other). */
const CONVERSATIONS = { 1: 20, 50: 100 };

/** The scripted model: the one free-text message of the story, extracted the same way every time. */
const scripted = {
  id: "scripted",
  extract: async (request) => ({
    extraction: { ok: true, values: request.text.startsWith("Lisbon") ? { conference: "Lisbon AI Summit", nights: 3 } : {} },
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  }),
};

/** The story as flow events; the HTTP arm sends the same as messages and resume answers. */
const STORY = [{ preset: {} }, { text: "Lisbon AI Summit, 3 nights" }, { pick: { flight_id: "TP1350" } }, { pick: { hotel_id: "H-BAIXA" } }, { press: "pay" }];

async function inProcess(db, thread) {
  const times = [];
  for (const event of STORY) {
    const t = performance.now();
    const turn = await db.flow.send(thread, event.press ? { press: "pay", card: db.cards.get(thread) } : event);
    times.push(performance.now() - t);
    if (turn.cards[0]) db.cards.set(thread, turn.cards[0].digest);
    if (event.press && !turn.reply.at(-1)?.startsWith("Booked.")) throw new Error(`in-process: not booked: ${turn.reply.join(" / ")}`);
  }
  return times;
}

/** The HTTP arm: a worker thread drives the conversations against the server listening in this process. */
function overHttp(url, conversations, concurrency) {
  return new Promise((resolve, reject) => {
    const prefix = `bench-${process.pid}-${Date.now()}`;
    const worker = new Worker(new URL("./serve/http-client.mjs", import.meta.url), { workerData: { url, conversations, concurrency, prefix } });
    worker.once("message", ({ latencies, seconds }) => resolve(summary(latencies, seconds)));
    worker.once("error", reject);
  });
}

/** Run `conversations` conversations, `concurrency` at a time; every turn's latency and the wall time. */
async function measure(conversations, concurrency, one) {
  const latencies = [];
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < conversations) latencies.push(...(await one(`bench-${process.pid}-${Date.now()}-${next++}`)));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summary(latencies, (performance.now() - start) / 1000);
}

function summary(latencies, seconds) {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { turns: latencies.length, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** One round: the in-process arm, then the HTTP arm, on the same store. */
async function round(url, concurrency) {
  const n = CONVERSATIONS[concurrency];
  const persistence = await openCheckpointer(url);
  const flow = await createFlow({ skill: SKILL, model: scripted, store: persistence, now: NOW });
  await measure(2, 1, (t) => inProcess({ flow, cards: new Map() }, `warm-${t}`));
  const local = await measure(n, concurrency, (t) => inProcess({ flow, cards: new Map() }, t));
  await persistence.close();
  const server = await createSkillflowServer({ skills: [SKILL], model: scripted, db: url, now: NOW });
  const http = await listen(server, { port: 0, host: "127.0.0.1" });
  await overHttp(http.url, 2, 1);
  const remote = await overHttp(http.url, n, concurrency);
  await http.stop();
  return { local, remote };
}

/**
 * ROUNDS rounds of both arms, alternating, so a burst of load on a shared machine falls on both; each
 * figure is the median over the rounds, and so is each ratio (taken round by round).
 */
async function condition(store, url, concurrency) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i += 1) rounds.push(await round(url, concurrency));
  const med = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
  const pick = (arm) => ({
    turns: rounds.reduce((sum, r) => sum + r[arm].turns, 0),
    perSecond: med(rounds.map((r) => r[arm].perSecond)), p50: med(rounds.map((r) => r[arm].p50)), p99: med(rounds.map((r) => r[arm].p99)),
  });
  const ratios = {
    p50: med(rounds.map((r) => r.remote.p50 / r.local.p50)),
    throughput: med(rounds.map((r) => r.local.perSecond / r.remote.perSecond)),
  };
  return { store, concurrency, local: pick("local"), remote: pick("remote"), ratios };
}

const dir = mkdtempSync(join(tmpdir(), "bench-serve-"));
const stores = [["SQLite", () => join(dir, `serve-${Math.random().toString(36).slice(2)}.sqlite`)]];
if (process.env.PG_URL) stores.push(["PostgreSQL", () => process.env.PG_URL]);
const results = [];
try {
  for (const [name, url] of stores) for (const c of [1, 50]) results.push(await condition(name, url(), c));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const ms = (x) => `${x.toFixed(1)} ms`.padStart(11);
const rate = (x) => x.toFixed(0).padStart(7);
console.log(`${"store".padEnd(11)}${"conv".padStart(5)}  ${"arm".padEnd(11)}${"turns".padStart(6)}${"turns/s".padStart(8)}${"p50".padStart(12)}${"p99".padStart(11)}`);
for (const r of results) {
  for (const [arm, m] of [["in process", r.local], ["HTTP", r.remote]]) {
    console.log(`${r.store.padEnd(11)}${String(r.concurrency).padStart(5)}  ${arm.padEnd(11)}${String(m.turns).padStart(6)}${rate(m.perSecond)} ${ms(m.p50)}${ms(m.p99)}`);
  }
}
console.log(`(medians over ${ROUNDS} rounds per condition, the arms alternating; ratios taken round by round)`);
console.log("");
// One conversation at a time, the cost HTTP adds is in the median turn; with 50 at once the turns queue
// for the store, so a turn's latency is mostly waiting and the figure that compares is turns per second.
let met = true;
for (const r of results) {
  const { p50, throughput } = r.ratios;
  const judged = r.concurrency === 1 ? p50 : throughput;
  met &&= judged <= GOAL;
  console.log(`${r.store} × ${r.concurrency}: HTTP p50 ${p50.toFixed(2)}× in process, turns/s ${throughput.toFixed(2)}× fewer (judged: ${r.concurrency === 1 ? "p50" : "turns/s"} ${judged.toFixed(2)}×)`);
}
if (!process.env.PG_URL) console.log("PostgreSQL: skipped (set PG_URL to include it)");
console.log(`goal: HTTP adds at most ${GOAL}× (the median turn at 1 conversation, turns/s at 50) — ${met ? "met" : "not met"}`);
