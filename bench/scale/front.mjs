// The round-robin HTTP front of bench/scale.mjs, a few lines of node:http: each request goes to the next
// upstream in turn (or, with `x-scale-avoid: I`, to the next one that is not upstream I — the approver's
// requests, so an approval is answered on another process than the customer's run), streamed both ways
// (SSE included). No health checks and no retries of its own: a request to a dead upstream answers 502
// with one sentence, and an upstream that dies mid-answer cuts the client's connection, so the client
// sees the error and retries, as it would behind a real load balancer. At most `perUpstream` requests
// run on an upstream at once; the others wait in the front (as nginx's `max_conns` or HAProxy's
// `maxconn` do): three `flow serve` processes would otherwise open more PostgreSQL connections than its
// default `max_connections` of 100 (docs/operations.md, "Several processes").
import http from "node:http";

/** A front on 127.0.0.1 (a free port); `upstreams[i]` is a URL, or null while that process is down. */
export async function startFront(upstreams, { perUpstream }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: perUpstream * upstreams.length });
  const slots = upstreams.map(() => ({ busy: 0, waiting: [] }));
  let next = 0;
  const served = upstreams.map(() => 0);
  const pick = (avoid, active) => {
    for (let tries = 0; tries < upstreams.length; tries += 1) {
      const i = next++ % upstreams.length;
      if (i !== avoid && active.includes(i)) return i;
    }
    return active.find((i) => i !== avoid) ?? active[0];
  };
  const state = { active: upstreams.map((_, i) => i) };
  const acquire = (slot) => (slot.busy < perUpstream ? (slot.busy += 1, Promise.resolve()) : new Promise((go) => slot.waiting.push(go)));
  const release = (slot) => (slot.waiting.length ? slot.waiting.shift()() : (slot.busy -= 1));

  const server = http.createServer(async (req, res) => {
    const avoid = req.headers["x-scale-avoid"] === undefined ? -1 : Number(req.headers["x-scale-avoid"]);
    const i = pick(avoid, state.active);
    const slot = slots[i];
    await acquire(slot);
    let released = false;
    const done = () => released || (released = true, release(slot));
    served[i] += 1;
    const target = upstreams[i] && new URL(req.url, upstreams[i]);
    const fail = (why) => {
      done();
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { "content-type": "application/json", "x-scale-upstream": String(i) });
      res.end(JSON.stringify({ error: `The front could not reach process ${i} (${why}).` }));
    };
    if (!target) return void (req.resume(), fail("it is down"));
    const headers = { ...req.headers, host: target.host };
    delete headers["x-scale-avoid"];
    const upstream = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode, { ...answer.headers, "x-scale-upstream": String(i) });
      answer.pipe(res);
      answer.on("end", done);
      // The process died mid-answer: cut the client's connection so it sees a broken stream.
      answer.on("aborted", () => (done(), res.destroy()));
      answer.on("error", () => (done(), res.destroy()));
    });
    upstream.on("error", (error) => fail(error.code ?? error.message));
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    served,
    /** Route to these upstreams only (the one-process phase uses [0]). */
    use: (active) => (state.active = active),
    active: () => state.active,
    close: () => new Promise((resolve) => (agent.destroy(), server.closeAllConnections(), server.close(resolve))),
  };
}
