// A real server process (for hang-up.test.ts): a client reads RUN_STARTED, then hangs up while the
// turn still runs (the slow_note fixture's lookup takes SLOW_NOTE_MS). Prints the server's state after.
import { createServer, request } from "node:http";
import { createSkillflowServer, toNodeListener } from "@skillflow/server";

const [skill] = process.argv.slice(2);
const model = { id: "note", extract: async (r) => ({ extraction: { ok: true, values: { note: r.text } }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } }) };
const server = await createSkillflowServer({ skills: [skill], model, auth: "none" });
const http = createServer(toNodeListener(server.fetch));
await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
const post = (body, onResponse) => {
  const req = request({ host: "127.0.0.1", port: http.address().port, path: "/agui", method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => onResponse(res, req));
  req.on("error", () => undefined);
  req.end(body);
};
const read = (body) => new Promise((resolve) => post(body, (res) => {
  let text = "";
  res.setEncoding("utf8");
  res.on("data", (chunk) => (text += chunk));
  res.on("end", () => resolve(text));
}));
await read(JSON.stringify({ threadId: "t", runId: "r0", messages: [] }));
post(JSON.stringify({ threadId: "t", runId: "r1", messages: [{ id: "m1", role: "user", content: "alpha" }] }), (res, req) => res.once("data", () => req.destroy()));
setTimeout(async () => {
  // The turn the hung-up client started went on to its end; a run with nothing new shows it.
  const after = await read(JSON.stringify({ threadId: "t", runId: "r2", messages: [] }));
  console.log(`alive inflight=${server.inflight} shows=${after.includes("Noted: alpha")}`);
  await server.shutdown(1000);
  http.close();
  process.exit(0);
}, 1500);
