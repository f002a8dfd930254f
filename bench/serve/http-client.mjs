// The HTTP arm's client for bench/serve.mjs, run in a worker thread so that its fetches and SSE parsing
// use their own event loop (as a browser would be elsewhere) and the server's process does only the
// server's work. Drives `conversations` trip conversations, `concurrency` at a time; posts back every
// turn's latency and the wall time.
import { parentPort, workerData } from "node:worker_threads";

const { url, conversations, concurrency, prefix } = workerData;
const STORY = [{}, { text: "Lisbon AI Summit, 3 nights" }, { pick: { flight_id: "TP1350" } }, { pick: { hotel_id: "H-BAIXA" } }, { press: true }];

async function conversation(thread) {
  const token = (await (await fetch(`${url}sessions`, { method: "POST" })).json()).token;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "text/event-stream" };
  const times = [];
  let open;
  let last = "";
  for (const [i, event] of STORY.entries()) {
    const body = { threadId: thread, runId: `r${i}`, messages: event.text ? [{ id: `m${i}`, role: "user", content: event.text }] : [] };
    if (event.pick || event.press) body.resume = [{ interruptId: open.id, status: "resolved", payload: event.pick ?? { yes: true } }];
    const t = performance.now();
    const text = await (await fetch(`${url}agui`, { method: "POST", headers, body: JSON.stringify(body) })).text();
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
