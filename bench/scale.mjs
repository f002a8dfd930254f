// bench/scale: three `flow serve` processes on one PostgreSQL (PG_URL) behind a round-robin HTTP front,
// driving SCALE_CONVERSATIONS (default 200) conversations at once — half conference trips, half order
// refunds whose supervisor approval is answered on another process than the customer's — each to its
// end, twice: first with the front sending everything to one process, then to all three, when one
// process is SIGKILLed after a third of the runs and started again after SCALE_PAUSE_MS (default
// 1000). Clients retry a run that failed because its process died with the same threadId, runId and
// body (bench/scale/client.mjs). Then it checks, from the effects the tools logged in every process and
// the turn lines they printed, that every conversation finished, every confirmed write ran exactly once
// and no turn was lost or answered twice, and prints turns/s and p50/p99 per turn for each phase and
// the errors clients saw while the process was down. Exits 1 when a check fails. The model is the
// offline extractor (no network). SCALE_INFLIGHT (default 6): runs the front lets into one process at
// once; SCALE_MAX_CONNECTIONS: each process's `flow serve --max-connections`. Runs from dist: `npx tsc -b && PG_URL=postgres://… npm run bench:scale`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashCredential } from "@skillflow/server";
import { newTally, signInApprover } from "./scale/client.mjs";
import { startFront } from "./scale/front.mjs";
import { kill, startServe, stop, writeLoggedSkills } from "./scale/serve-processes.mjs";
import { refund, trip } from "./scale/stories.mjs";
import { verdict } from "./scale/verdict.mjs";

const PG_URL = process.env.PG_URL;
if (!PG_URL) {
  console.error("bench:scale needs PostgreSQL: set PG_URL to a postgres:// URL (several flow serve processes share one database; `eval \"$(.ci/start-postgres.sh)\"` starts one).");
  process.exit(2);
}
const CONVERSATIONS = Number(process.env.SCALE_CONVERSATIONS ?? 200);
/** Runs the front lets into one process at once (PostgreSQL's connections: see front.mjs). */
const PER_UPSTREAM = Number(process.env.SCALE_INFLIGHT ?? 6);
const PAUSE_MS = Number(process.env.SCALE_PAUSE_MS ?? 1000);
const RUNS = { trip: 5, refund: 9 };
const CREDENTIAL = "scale-bench-supervisor";

const dir = mkdtempSync(join(tmpdir(), "bench-scale-"));
const effectsLog = join(dir, "effects.log");
const skills = writeLoggedSkills(dir);
const env = { PG_URL, SCALE_EFFECTS_LOG: effectsLog, ...(process.env.SCALE_MAX_CONNECTIONS && { SCALE_MAX_CONNECTIONS: process.env.SCALE_MAX_CONNECTIONS }), FLOW_APPROVERS: JSON.stringify({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential(CREDENTIAL) } } }) };
const turnLines = [];
const procs = await Promise.all([0, 1, 2].map(() => startServe(skills, env, turnLines)));
// Never leave a flow serve behind: on any exit, and on a signal (a test that times out), kill ours.
process.on("exit", () => procs.forEach((p) => p.child.exitCode === null && p.child.signalCode === null && p.child.kill("SIGKILL")));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(130));
const upstreams = procs.map((p) => p.url);
const front = await startFront(upstreams, { perUpstream: PER_UPSTREAM });
const finished = [];
const failed = [];

/** `n` conversations at once, trips and refunds alternating; with `killAt`, kill process 1 after that share of the runs. */
async function phase(name, n, session, killAt) {
  const tally = newTally();
  const kinds = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? "trip" : "refund"));
  const runs = kinds.reduce((sum, k) => sum + RUNS[k], 0);
  const prefix = `scale-${process.pid}-${Date.now()}-${name.replace(/\W+/g, "")}`;
  const outage = killAt === undefined ? undefined : watchAndKill(tally, Math.round(runs * killAt), runs);
  const start = performance.now();
  const settled = await Promise.allSettled(kinds.map((kind, i) => (kind === "trip" ? trip(tally, front.url, `${prefix}-${i}`) : refund(tally, front.url, `${prefix}-${i}`, session))));
  const seconds = (performance.now() - start) / 1000;
  tally.over = true;
  const processes = front.active().length;
  for (const s of settled) s.status === "fulfilled" ? finished.push({ ...s.value, processes }) : failed.push(s.reason?.message ?? String(s.reason));
  const down = await outage;
  return { name, n, runs: tally.runs, seconds, tally, down, start, ...percentiles(tally.latencies) };
}

/** Once `at` runs are answered, SIGKILL process 1; start it again PAUSE_MS later. */
async function watchAndKill(tally, at, total) {
  while (tally.runs < at) {
    if (tally.over) return undefined;
    await new Promise((r) => setTimeout(r, 10));
  }
  const killedAt = performance.now();
  const atRun = tally.runs;
  await kill(procs[1]);
  await new Promise((r) => setTimeout(r, PAUSE_MS));
  procs[1] = await startServe(skills, env, turnLines);
  upstreams[1] = procs[1].url;
  return { atRun, total, killedAt, upAt: performance.now() };
}

function percentiles(latencies) {
  const xs = [...latencies].sort((a, b) => a - b);
  const at = (q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

let results;
try {
  const session = await signInApprover(newTally(), front.url, "sam", CREDENTIAL);
  await phase("warm-up", 6, session);
  front.use([0]);
  const one = await phase("1 process", CONVERSATIONS, session);
  front.use([0, 1, 2]);
  const three = await phase("3 processes", CONVERSATIONS, session, 1 / 3);
  results = { one, three };
} catch (error) {
  failed.push(error.message);
} finally {
  await front.close();
  await Promise.all(procs.map(stop));
}
if (results && !results.three.down) failed.push("the kill never happened: the phase ended before a third of its runs were answered");
const checks = verdict({ expected: 6 + 2 * CONVERSATIONS, finished, failed, effectsLog, turnLines });
rmSync(dir, { recursive: true, force: true });

const ms = (x) => `${x.toFixed(0)} ms`.padStart(9);
console.log(`bench:scale: ${CONVERSATIONS} conversations at once (trips and refunds, half each), flow serve on one PostgreSQL behind a round-robin front (at most ${PER_UPSTREAM} runs at once per process), the offline extractor`);
if (results) {
  console.log(`${"phase".padEnd(13)}${"conv".padStart(5)}${"turns".padStart(7)}${"turns/s".padStart(9)}${"p50".padStart(9)}${"p99".padStart(9)}${"wall".padStart(8)}`);
  for (const r of [results.one, results.three]) {
    console.log(`${r.name.padEnd(13)}${String(r.n).padStart(5)}${String(r.runs).padStart(7)}${(r.runs / r.seconds).toFixed(1).padStart(9)}${ms(r.p50)}${ms(r.p99)}${`${r.seconds.toFixed(1)} s`.padStart(8)}`);
  }
}
if (results?.three.down) {
  const { down, tally } = results.three;
  const during = tally.failedAt.filter((t) => t >= down.killedAt && t <= down.upAt).length;
  const before = (down.killedAt - results.three.start) / 1000;
  console.log(`kill: process 1 SIGKILLed after ${down.atRun} of ${down.total} runs (${before.toFixed(1)} s in: ${(down.atRun / before).toFixed(1)} turns/s until then), started again after ${PAUSE_MS} ms, serving again ${((down.upAt - down.killedAt) / 1000).toFixed(1)} s after the kill`);
  console.log(`clients: ${during} failed attempt(s) while it was down; in all ${tally.failures.refused} answered 502 by the front, ${tally.failures.broken} cut mid-answer, ${tally.failures.other} other; ${tally.retried} request(s) retried (same runId and body) until answered`);
}
console.log("checks:");
for (const c of checks) console.log(`  ${c.ok ? "ok  " : "FAIL"}  ${c.name}: ${c.detail}`);
const met = checks.every((c) => c.ok);
console.log(`exactly-once: ${met ? "met" : "NOT met"}`);
process.exitCode = met ? 0 : 1;
