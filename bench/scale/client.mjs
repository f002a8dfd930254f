// The clients of bench/scale.mjs: what a front end must do when a run fails because its process died
// (docs/serve.md, "Retrying a run"). A run is POSTed with node:http; an attempt fails on a connection
// error, a 502 from the front, or a stream that ends without RUN_FINISHED or RUN_ERROR (the process
// died mid-answer). Then the SAME run — the same threadId, runId and body — is sent again after a short
// wait, until it is answered; the server answers a retried run once. Every failed attempt is counted by
// kind, and every run's latency is taken from its first attempt to its answer.
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const RETRY_MS = [50, 100, 200, 400, 800];
const GIVE_UP_MS = 60_000;

/** Counts shared by every client: failed attempts by kind, runs retried, and when each failure happened. */
export function newTally() {
  return { failures: { refused: 0, broken: 0, other: 0 }, retried: 0, runs: 0, latencies: [], failedAt: [], upstreams: new Map() };
}

/** One HTTP request; resolves { status, text, upstream } or rejects on a connection error or a cut stream. */
function request(url, path, { method = "POST", body, headers = {} }) {
  const target = new URL(path, url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method, agent, headers: { "content-type": "application/json", ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, text, upstream: Number(res.headers["x-scale-upstream"]), headers: res.headers }));
      res.on("aborted", () => reject(Object.assign(new Error("the stream was cut"), { code: "BROKEN" })));
      res.on("error", (error) => reject(Object.assign(error, { code: "BROKEN" })));
    });
    req.on("error", reject);
    req.end(body ?? "");
  });
}

/** `request` again and again until `ok(answer)`: a 502, a connection error or a cut stream is retried. */
export async function withRetry(tally, url, path, options, ok = (a) => a.status < 500) {
  const started = performance.now();
  for (let attempt = 0; ; attempt += 1) {
    let kind;
    try {
      const answer = await request(url, path, options);
      if (ok(answer)) {
        if (attempt > 0) tally.retried += 1;
        return { ...answer, ms: performance.now() - started };
      }
      kind = answer.status === 502 ? "refused" : answer.status >= 500 ? "other" : "broken";
      if (answer.status < 500 && answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    } catch (error) {
      if (error.message?.startsWith(path)) throw error;
      kind = error.code === "BROKEN" || error.code === "ECONNRESET" ? "broken" : "other";
    }
    tally.failures[kind] += 1;
    tally.failedAt.push(performance.now());
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`${path}: no answer after ${attempt + 1} attempts in ${GIVE_UP_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
  }
}

/** The events of an SSE answer. */
const eventsOf = (text) => text.split("\n\n").filter((c) => c.startsWith("data: ")).map((c) => JSON.parse(c.slice(6)));
/** An answered run: its stream ended with RUN_FINISHED or RUN_ERROR (else the process died mid-answer). */
const answered = (a) => a.status === 200 && /"type":"RUN_(FINISHED|ERROR)"/.test(a.text);

/**
 * A conversation on `thread`: `post(body)` sends one run (retried until answered) and returns what the
 * story needs of its answer — the text lines, the open interrupt, whether the flow is done, the upstream.
 */
export async function openConversation(tally, url, thread) {
  const token = JSON.parse((await withRetry(tally, url, "/sessions", {}, (a) => a.status === 201)).text).token;
  let seq = 0;
  const post = async (extra) => {
    const body = JSON.stringify({ threadId: thread, runId: `run-${seq}`, messages: [], ...extra(seq++) });
    const answer = await withRetry(tally, url, "/agui", { body, headers: { authorization: `Bearer ${token}` } }, answered);
    tally.runs += 1;
    tally.latencies.push(answer.ms);
    const events = eventsOf(answer.text);
    const error = events.find((e) => e.type === "RUN_ERROR");
    if (error) throw new Error(`${thread}: run ${seq - 1} ended with RUN_ERROR ${error.code}: ${error.message}`);
    const finished = events.find((e) => e.type === "RUN_FINISHED");
    const text = events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta);
    return { text, interrupt: finished.outcome?.interrupts?.[0], done: finished.result?.done === true, upstream: answer.upstream };
  };
  return {
    look: (open) => post(() => (open ? { resume: [{ interruptId: open.id, status: "cancelled" }] } : {})),
    say: (content) => post((i) => ({ messages: [{ id: `m${i}`, role: "user", content }] })),
    answer: (open, payload) => post(() => ({ resume: [{ interruptId: open.id, status: "resolved", payload }] })),
  };
}

/** An approver signed in once (a session cookie, shared by every process through PostgreSQL). */
export async function signInApprover(tally, url, approver, credential) {
  const answer = await withRetry(tally, url, "/approvals/session", { body: JSON.stringify({ approver, credential }) }, (a) => a.status === 200);
  const cookie = String(answer.headers["set-cookie"]).split(";")[0];
  return { cookie, approver };
}

/**
 * Approve the request waiting on `thread`, through the front but never on `avoid` (the process that
 * served the customer's run). Returns the upstream that answered. A retried POST whose first attempt
 * went through is answered 409 "already approved by …": that is the same approval, not a failure.
 */
export async function approve(tally, url, session, thread, avoid) {
  const headers = { cookie: session.cookie, "x-scale-avoid": String(avoid) };
  const listed = await withRetry(tally, url, "/approvals", { method: "GET", headers }, (a) => a.status === 200);
  const request = JSON.parse(listed.text).requests.find((r) => r.thread === thread);
  if (!request) throw new Error(`${thread}: no approval request is waiting`);
  const mine = (a) => a.status === 200 || (a.status === 409 && a.text.includes(`already approved by ${session.approver}`));
  const answer = await withRetry(tally, url, `/approvals/${request.id}`, { body: JSON.stringify({ yes: true }), headers }, (a) => a.status < 500 && a.status !== 404);
  if (!mine(answer)) throw new Error(`${thread}: the approval was refused: ${answer.status} ${answer.text.slice(0, 200)}`);
  return { upstreams: [listed.upstream, answer.upstream] };
}
