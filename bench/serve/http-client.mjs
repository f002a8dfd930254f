// The HTTP arm's client for bench/serve.mjs, run in a worker thread so that its requests and SSE parsing
// use their own event loop (as a browser would be elsewhere) and the server's process does only the
// server's work. Drives `conversations` trip conversations, `concurrency` at a time, with node:http and
// a keep-alive agent; posts back every turn's latency and the wall time. (Node's fetch was tried first:
// with 50 conversations at once it left some of them waiting seconds for a connection, a tail that
// belonged to the client, not to the server.)
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { url, conversations, concurrency, prefix } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** POST `body` to `path` and read the whole answer (the SSE stream ends with the run). */
function post(path, body, headers = {}) {
  const target = new URL(path, url);
  const options = { host: target.hostname, port: target.port, path: target.pathname, method: "POST", agent, headers: { "content-type": "application/json", ...headers } };
  return new Promise((resolve, reject) => {
    const request = http.request(options, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve(text));
    });
    request.on("error", reject);
    request.end(body ?? "");
  });
}

const STORY = [{}, { text: "Lisbon AI Summit, 3 nights" }, { pick: { flight_id: "TP1350" } }, { pick: { hotel_id: "H-BAIXA" } }, { press: true }];
async function conversation(thread) {
  const token = JSON.parse(await post("sessions")).token;
  const times = [];
  let open;
  let last = "";
  for (const [i, event] of STORY.entries()) {
    const body = { threadId: thread, runId: `r${i}`, messages: event.text ? [{ id: `m${i}`, role: "user", content: event.text }] : [] };
    if (event.pick || event.press) body.resume = [{ interruptId: open.id, status: "resolved", payload: event.pick ?? { yes: true } }];
    const t = performance.now();
    const text = await post("agui", JSON.stringify(body), { authorization: `Bearer ${token}` });
    times.push(performance.now() - t);
    const events = text.split("\n\n").filter((c) => c.startsWith("data: ")).map((c) => JSON.parse(c.slice(6)));
    const finished = events.find((e) => e.type === "RUN_FINISHED");
    if (!finished) throw new Error(`http: run ${i} did not finish: ${text.slice(0, 300)}`);
    open = finished.outcome?.interrupts?.[0];
    last = events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").at(-1)?.delta ?? "";
  }
  if (!last.startsWith("Booked.")) throw new Error(`http: not booked: ${last}`);
  return times;
}
const latencies = [];
let next = 0;
const start = performance.now();
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < conversations) latencies.push(...(await conversation(`${prefix}-${next++}`)));
}));
parentPort.postMessage({ latencies, seconds: (performance.now() - start) / 1000 });
