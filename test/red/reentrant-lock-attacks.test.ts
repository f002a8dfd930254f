/**
 * Red-team attacks on the re-entrant thread lock (thread-lock.ts `reentrant`): the stores' locks
 * re-entered by their holder with its hold, `flow serve` holding a conversation's own lock across read
 * record → flow.send({ hold }) → write record, and send(…, { withState }) feeding STATE_SNAPSHOT. Two
 * attacks broke the first version, which re-entered by async context (AsyncLocalStorage): a request the
 * host's log callback made in process during a run passed as the holder, and a conversation named
 * `skillflow-serve-schema` held up another process's start (the tables' setup took the conversations'
 * lock under that name). Both are kept here.
 *
 * Each case asserts the guarantee: it passes when the code is right and fails when the attack works.
 * The runs in flight are held in the model call by a gate (no reliance on tight timing); a "still
 * waiting" check only ever sleeps in the direction that cannot make a right implementation fail.
 */
import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { offlineModel } from "@skillflow/langgraph/models";
import { approverDirectory, createSkillflowServer, hashCredential, type SkillflowServer } from "@skillflow/server";
import { openCheckpointer } from "../../packages/langgraph/src/persistence/open-checkpointer.js";
import type { Persistence } from "../../packages/langgraph/src/persistence/persistence.js";
import { NOW, skillPath, startServe, type ServeFixture } from "../../packages/server/test/helpers/serve-fixture.js";
import { AguiDriver } from "../../packages/server/test/helpers/agui-driver.js";
import { answerRequest, basicAuth, refundUpToApproval, requestOf } from "../../packages/server/test/helpers/refund-story.js";
import { PG_URL, notePgSkipped } from "../fixtures/durable/pg-url.js";
import { createTempDatabase } from "../fixtures/durable/temp-pg-database.js";

notePgSkipped("red: re-entrant lock attacks");

const dir = mkdtempSync(join(tmpdir(), "red-reentrant-"));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});
const uid = () => `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
const sqliteFile = () => join(dir, `red-${uid()}.sqlite`);

/** A PostgreSQL database of its own for the server cases (dropped after the file). */
let tempDb: Promise<{ url: string; drop: () => Promise<void> }> | undefined;
const pgDb = async () => {
  if (!tempDb) {
    tempDb = createTempDatabase(PG_URL!, "red_reentrant");
    const db = await tempDb;
    // Registered first, so it runs last (after every server on it closed).
    cleanups.unshift(() => db.drop());
  }
  return (await tempDb).url;
};

/** Rejects when `p` has not settled within `ms` (a stall reported as such instead of a test timeout). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`stalled: ${what} did not settle within ${ms} ms`)), ms))),
  ]);
}

/** Whether `p` is still pending after `ms`. */
async function pendingAfter(p: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  p.then(() => (settled = true), () => (settled = true));
  await sleep(ms);
  return !settled;
}

// ---------------------------------------------------------------------------------------------------
// A model port that holds chosen calls (by the message text) until released, and counts calls.
// ---------------------------------------------------------------------------------------------------
interface Gate { entered: Promise<void>; release(): void }
function gatedModel() {
  const base = offlineModel();
  const gates = new Map<string, { enter: () => void; released: Promise<void> }>();
  const calls: string[] = [];
  let active = 0;
  let peak = 0;
  const gate = (text: string): Gate => {
    let enter!: () => void;
    let release!: () => void;
    const entered = new Promise<void>((r) => (enter = r));
    const released = new Promise<void>((r) => (release = r));
    gates.set(text, { enter, released });
    return { entered: within(entered, 8000, `the model call for ${JSON.stringify(text)}`), release };
  };
  const wrap = (port: any): any => ({
    id: port.id,
    withClock: (now: () => string) => wrap(port.withClock(now)),
    async extract(request: { text: string }) {
      calls.push(request.text);
      active += 1;
      peak = Math.max(peak, active);
      try {
        const g = gates.get(request.text);
        if (g) {
          gates.delete(request.text);
          g.enter();
          await g.released;
        }
        if (request.text.includes("BOOM")) throw new Error("the model is down (BOOM)");
        return await port.extract(request);
      } finally {
        active -= 1;
      }
    },
  });
  return { model: wrap(base), gate, calls, get peak() { return peak; } };
}

// ---------------------------------------------------------------------------------------------------
// Raw AG-UI runs (over HTTP, or in-process through server.fetch).
// ---------------------------------------------------------------------------------------------------
type Event = { type: string; [key: string]: any };
const parse = (text: string) => text.split("\n\n").filter((c) => c.startsWith("data: ")).map((c) => JSON.parse(c.slice(6)) as Event);
const interruptOf = (events: Event[]) => events.find((e) => e.type === "RUN_FINISHED")?.outcome?.interrupts?.[0];
const textOf = (events: Event[]) => events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta as string);
const stateOf = (events: Event[]) => events.find((e) => e.type === "STATE_SNAPSHOT")?.snapshot;
const errorOf = (events: Event[]) => events.find((e) => e.type === "RUN_ERROR");

async function token(url: string): Promise<string> {
  return ((await (await fetch(`${url}/sessions`, { method: "POST" })).json()) as { token: string }).token;
}
function runRequest(url: string, tok: string, body: Record<string, unknown>): Request {
  return new Request(`${url}/agui`, {
    method: "POST", headers: { authorization: `Bearer ${tok}`, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ messages: [], runId: `r-${uid()}`, ...body }),
  });
}
async function run(url: string, tok: string, body: Record<string, unknown>): Promise<Event[]> {
  const response = await fetch(runRequest(url, tok, body));
  return parse(await response.text());
}
const msg = (content: string) => ({ id: `m-${uid()}`, role: "user", content });

/** The trip from its first question to the flight grid; returns the grid's interrupt id. */
async function toFlights(url: string, tok: string, thread: string, model: ReturnType<typeof gatedModel>): Promise<string> {
  await run(url, tok, { threadId: thread });
  const flights = await run(url, tok, { threadId: thread, messages: [msg("Lisbon AI Summit, 3 nights")] });
  expect(textOf(flights)[0], JSON.stringify(flights)).toContain("Lisbon AI Summit");
  void model;
  return interruptOf(flights).id as string;
}

type Where = { name: string; db: () => Promise<string | undefined>; maxConnections?: number };
const ONE_PROCESS: Where[] = [
  { name: "memory", db: async () => undefined },
  { name: "SQLite", db: async () => sqliteFile() },
  ...(PG_URL ? [{ name: "PostgreSQL (maxConnections 4: one lock connection)", db: pgDb, maxConnections: 4 }] : []),
];
const SHARED: Where[] = ONE_PROCESS.filter((w) => w.name !== "memory");

async function serveOn(where: Where, db: string | undefined, extra: Record<string, unknown> = {}): Promise<ServeFixture & { gm: ReturnType<typeof gatedModel> }> {
  const gm = (extra.gm as ReturnType<typeof gatedModel> | undefined) ?? gatedModel();
  const { gm: _ignored, ...rest } = extra;
  const fixture = await startServe({ model: gm.model, ...(db !== undefined && { db }), ...(where.maxConnections && { maxConnections: where.maxConnections }), ...rest });
  cleanups.push(() => fixture.close());
  return Object.assign(fixture, { gm });
}

// ===================================================================================================
// 1. The lock on its own: holdings that leak to code that should not have them.
// ===================================================================================================
const stores: Array<[string, () => Promise<Persistence>]> = [
  ["memory", () => openCheckpointer("memory")],
  ["SQLite", () => openCheckpointer(sqliteFile())],
  ...(PG_URL ? [["PostgreSQL", () => openCheckpointer(PG_URL!, { maxConnections: 3 })] as [string, () => Promise<Persistence>]] : []),
];
const open = async (make: () => Promise<Persistence>) => {
  const store = await make();
  cleanups.push(() => store.close());
  return store;
};

describe.each(stores)("the %s store's lock, attacked", (_name, make) => {
  it("a .then chained from outside onto a promise made inside the hold waits for the hold", async () => {
    const { lock } = await open(make);
    const t = `lk-${uid()}`;
    const log: string[] = [];
    let made!: Promise<void>;
    let inside!: () => void;
    const holding = new Promise<void>((r) => (inside = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const holder = lock.run(t, async () => {
      made = sleep(5);
      inside();
      await released;
      log.push("holder done");
    });
    await holding;
    const outsider = made.then(() => lock.run(t, async () => void log.push("outsider")));
    expect(await pendingAfter(outsider, 60)).toBe(true);
    release();
    await within(Promise.all([holder, outsider]), 8000, "holder and outsider");
    expect(log).toEqual(["holder done", "outsider"]);
  });

  it("an event emitter listener added inside a hold, emitted by another caller, waits for the hold", async () => {
    const { lock } = await open(make);
    const t = `lk-${uid()}`;
    const log: string[] = [];
    const bus = new EventEmitter();
    let heard!: Promise<void>;
    let inside!: () => void;
    const holding = new Promise<void>((r) => (inside = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const holder = lock.run(t, async () => {
      bus.on("go", () => void (heard = lock.run(t, async () => void log.push("listener"))));
      inside();
      await released;
      log.push("holder done");
    });
    await holding;
    // Emitted from a context of its own (a timer set outside any hold).
    await new Promise<void>((r) => setTimeout(() => { bus.emit("go"); r(); }, 1));
    expect(await pendingAfter(heard, 60)).toBe(true);
    release();
    await within(Promise.all([holder, heard]), 8000, "holder and listener");
    expect(log).toEqual(["holder done", "listener"]);
  });

  it("a timer the holder set that fires after its body while a re-entry it left still runs, waits for that re-entry and the hold", async () => {
    const { lock } = await open(make);
    const t = `lk-${uid()}`;
    const log: string[] = [];
    let later!: Promise<void>;
    let finish!: () => void;
    const finishing = new Promise<void>((r) => (finish = r));
    let inside!: () => void;
    const holding = new Promise<void>((r) => (inside = r));
    const holder = lock.run(t, async (hold) => {
      void lock.run(t, async () => {
        log.push("left begin");
        await finishing;
        log.push("left end");
      }, hold);
      // Fires after the body returned (a macrotask), while the re-entry it left is still running, and
      // hands back the hold, which has ended: it waits for the lock like anyone else.
      later = new Promise<void>((r) => setTimeout(r, 0)).then(() => lock.run(t, async () => {
        log.push("timer");
      }, hold));
      inside();
    });
    await holding;
    expect(await pendingAfter(later, 60)).toBe(true);
    finish();
    await within(Promise.all([holder, later]), 8000, "holder and timer");
    expect(log).toEqual(["left begin", "left end", "timer"]);
  });

  it("a holder that throws, and a re-entry that throws, release the lock exactly once, at the end of the hold", async () => {
    const { lock } = await open(make);
    const t = `lk-${uid()}`;
    const log: string[] = [];
    let inside!: () => void;
    const holding = new Promise<void>((r) => (inside = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const holder = lock.run(t, async (hold) => {
      inside();
      await expect(lock.run(t, async () => { throw new Error("inner"); }, hold)).rejects.toThrow("inner");
      log.push("after inner throw");
      await released;
      throw new Error("outer");
    });
    await holding;
    const other = lock.run(t, async () => void log.push("other"));
    expect(await pendingAfter(other, 60)).toBe(true);
    release();
    await expect(holder).rejects.toThrow("outer");
    await within(other, 8000, "the next caller after a holder threw");
    expect(log).toEqual(["after inner throw", "other"]);
    // And the lock is free again afterwards (no leftover hold).
    await within(lock.run(t, async () => undefined), 8000, "a caller after everything");
  });
});

// ===================================================================================================
// 2. flow serve: two runs of one conversation, approvals, other processes, small budgets.
// ===================================================================================================
describe.each(ONE_PROCESS)("flow serve on $name, attacked", (where) => {
  it("serves two runs of one conversation sent at once one after the other: the second sees the first's record", async () => {
    const serve = await serveOn(where, await where.db());
    const tok = await token(serve.url);
    const t = `two-${uid()}`;
    await run(serve.url, tok, { threadId: t });
    const text = `Lisbon AI Summit, 3 nights ${"."}`;
    const gate = serve.gm.gate(text);
    const first = run(serve.url, tok, { threadId: t, messages: [msg(text)] });
    await gate.entered;
    const second = run(serve.url, tok, { threadId: t });
    expect(await pendingAfter(second, 150)).toBe(true);
    gate.release();
    const [a, b] = await within(Promise.all([first, second]), 8000, "the two runs");
    expect(errorOf(a), JSON.stringify(a)).toBeUndefined();
    expect(errorOf(b), JSON.stringify(b)).toBeUndefined();
    // The look was served after the message's run: it shows the flight grid that run left open.
    expect(interruptOf(b)?.id).toBe(interruptOf(a)?.id);
    expect(stateOf(b)?.answers?.conference?.value).toBe("Lisbon AI Summit");
    expect(serve.gm.calls.filter((c) => c === text)).toHaveLength(1);
  });

  it("sends STATE_SNAPSHOT equal to flow.state() after two runs of one conversation raced", async () => {
    const serve = await serveOn(where, await where.db());
    const tok = await token(serve.url);
    const t = `snap-${uid()}`;
    const grid = await toFlights(serve.url, tok, t, serve.gm);
    const text = "3 nights SLOW";
    const gate = serve.gm.gate(text);
    const first = run(serve.url, tok, { threadId: t, messages: [msg(text)] });
    await gate.entered;
    const second = run(serve.url, tok, { threadId: t, resume: [{ interruptId: grid, status: "resolved", payload: { flight_id: "TP1350" } }] });
    gate.release();
    const [, b] = await within(Promise.all([first, second]), 8000, "the two runs");
    // The second may be refused (the first's run moved the interrupt on) or applied; either way its
    // snapshot, when it sends one, is the conversation's state as it is now.
    const values = (answers: Record<string, { value: unknown }> | undefined) => Object.fromEntries(Object.entries(answers ?? {}).map(([k, v]) => [k, v.value]));
    if (!errorOf(b)) expect(values(stateOf(b)?.answers)).toEqual(values((await serve.server.flow.state(t))!.answers as any));
  });

  it("a holder whose turn throws (the model is down) releases the conversation: the next run goes at once", async () => {
    const serve = await serveOn(where, await where.db());
    const tok = await token(serve.url);
    const t = `boom-${uid()}`;
    await run(serve.url, tok, { threadId: t });
    const failed = await within(run(serve.url, tok, { threadId: t, messages: [msg("BOOM Lisbon")] }), 8000, "the failing run");
    expect(errorOf(failed)).toBeDefined();
    const next = await within(run(serve.url, tok, { threadId: t, messages: [msg("Lisbon AI Summit, 3 nights")] }), 8000, "the run after a failed one");
    expect(errorOf(next), JSON.stringify(next)).toBeUndefined();
    expect(stateOf(next)?.answers?.conference?.value).toBe("Lisbon AI Summit");
  });

  it("a run on another conversation waits for a connection while one run is held, and both end once it goes on", async () => {
    const serve = await serveOn(where, await where.db());
    const tok = await token(serve.url);
    const [t, u] = [`x-${uid()}`, `y-${uid()}`];
    await run(serve.url, tok, { threadId: t });
    await run(serve.url, tok, { threadId: u });
    const text = "Lisbon AI Summit, 3 nights, thanks";
    const gate = serve.gm.gate(text);
    const first = run(serve.url, tok, { threadId: t, messages: [msg(text)] });
    await gate.entered;
    const other = run(serve.url, tok, { threadId: u, messages: [msg("Lisbon AI Summit, 2 nights")] });
    await sleep(50);
    gate.release();
    const [a, b] = await within(Promise.all([first, other]), 8000, "the two conversations' runs");
    expect(errorOf(a)).toBeUndefined();
    expect(errorOf(b)).toBeUndefined();
    expect(stateOf(b)?.answers?.nights?.value).toBe(2);
    expect(stateOf(a)?.answers?.nights?.value).toBe(3);
  });

  it("a second request for the conversation, made in-process by the host's log callback during a run, still waits for the whole run", async () => {
    // The host's `log` is called inside the run's hold (after each turn). Whatever it starts runs in the
    // hold's async context: a request it makes in-process (server.fetch, as the Studio's sandboxes and
    // any embedding do) must not pass as the holder and slip in between the run's turn and its record.
    const gm = gatedModel();
    let server!: SkillflowServer;
    let tok = "";
    let fired: Promise<{ events: Event[]; at: number }> | undefined;
    let thread = "";
    const order: string[] = [];
    const serve = await serveOn(where, await where.db(), {
      gm,
      log: (line: string) => {
        const l = JSON.parse(line) as { thread?: string; event?: string };
        if (!fired && l.thread === thread && l.event === "pick") {
          fired = server.fetch(new Request("http://in-process/agui", {
            method: "POST", headers: { authorization: `Bearer ${tok}`, "content-type": "application/json" },
            body: JSON.stringify({ threadId: thread, runId: `look-${uid()}`, messages: [] }),
          })).then(async (r) => {
            const events = parse(await r.text());
            order.push("in-process look");
            return { events, at: performance.now() };
          });
        }
      },
    });
    server = serve.server;
    tok = await token(serve.url);
    thread = `logleak-${uid()}`;
    const grid = await toFlights(serve.url, tok, thread, gm);
    // One run, two events: the flight pick (logged: the host fires its request), then a message held in the model.
    const text = "3 nights please";
    const gate = gm.gate(text);
    const first = run(serve.url, tok, { threadId: thread, messages: [msg(text)], resume: [{ interruptId: grid, status: "resolved", payload: { flight_id: "TP1350" } }] })
      .then((events) => { order.push("run"); return events; });
    await gate.entered;
    expect(fired, "the host's log saw the pick's turn").toBeDefined();
    await sleep(50);
    gate.release();
    const [a, look] = await within(Promise.all([first, fired!]), 8000, "the run and the in-process look");
    expect(errorOf(a), JSON.stringify(a)).toBeUndefined();
    // Served after the run: it shows what the run left open (the hotel grid), not the record as it was
    // before the run (the flight grid, answered by the run) — and it ends before the run, not after.
    expect(interruptOf(look.events)?.id, "the look read the record the run had not written yet").toBe(interruptOf(a)?.id);
    // (Which of the two answers a client finishes reading first is not the lock's: the run's goes over
    // HTTP, the look's in process.)
    expect(order).toHaveLength(2);
  });
});

describe.each(SHARED)("two flow serve processes on one $name database, attacked", (where) => {
  it("a run retried on the other process while the first is in flight waits, then is answered once", async () => {
    const db = await where.db();
    const a = await serveOn(where, db);
    const b = await serveOn(where, db, { gm: a.gm });
    const tok = await token(a.url);
    const t = `retry-${uid()}`;
    await run(a.url, tok, { threadId: t });
    const text = "Lisbon AI Summit, 3 nights!";
    const gate = a.gm.gate(text);
    const body = { threadId: t, runId: `same-${uid()}`, messages: [{ id: "m-same", role: "user", content: text }] };
    const first = run(a.url, tok, body);
    await gate.entered;
    const retried = run(b.url, tok, body);
    expect(await pendingAfter(retried, 150)).toBe(true);
    gate.release();
    const [x, y] = await within(Promise.all([first, retried]), 8000, "the run and its retry");
    expect(errorOf(x), JSON.stringify(x)).toBeUndefined();
    expect(errorOf(y), JSON.stringify(y)).toBeUndefined();
    expect(textOf(y)).toEqual(textOf(x));
    expect(interruptOf(y)?.id).toBe(interruptOf(x)?.id);
    // The message reached the model once, and the flow took it once.
    expect(a.gm.calls.filter((c) => c === text)).toHaveLength(1);
    const turns = [...a.logs, ...b.logs].map((l) => JSON.parse(l)).filter((l) => l.thread === t && l.event === "text" && !l.repeated);
    expect(turns).toHaveLength(1);
  });

  it("a conversation named like the server's schema lock does not hold up another process's start", async () => {
    // createServeStore takes db.lock.run("skillflow-serve-schema"): with the conversations' own lock, a
    // run of a conversation a caller named "skillflow-serve-schema" holds that very lock.
    const db = await where.db();
    const a = await serveOn(where, db);
    const tok = await token(a.url);
    const t = "skillflow-serve-schema";
    await run(a.url, tok, { threadId: t });
    const text = "Lisbon AI Summit, 3 nights (schema)";
    const gate = a.gm.gate(text);
    const held = run(a.url, tok, { threadId: t, messages: [msg(text)] });
    await gate.entered;
    const starting = createSkillflowServer({
      skills: [skillPath("conference-trip")], model: offlineModel(), now: NOW, ...(db !== undefined && { db }),
      ...(where.maxConnections && { maxConnections: where.maxConnections }),
    });
    cleanups.push(() => starting.then((s) => s.shutdown(1000)));
    try {
      await within(starting, 4000, "the second process's start");
    } finally {
      gate.release();
      await held;
    }
  });
});

// ===================================================================================================
// 3. Approvals while the customer's run is in flight.
// ===================================================================================================
describe.each(ONE_PROCESS)("an approval on $name answered while the customer's run is in flight", (where) => {
  it("waits for the run; the refund is issued once and the customer sees it on the next run", async () => {
    const approvers = approverDirectory({ approvers: { sam: { roles: ["supervisor"], credential: await hashCredential("sam-red-secret") } } });
    const serve = await serveOn(where, await where.db(), { skills: [skillPath("order-refund")], approvers });
    const sam = basicAuth("sam", "sam-red-secret");
    const t = `refund-${uid()}`;
    const chat = new AguiDriver(serve.url, await token(serve.url), t);
    expect((await refundUpToApproval(chat)).interrupt?.reason).toBe("approval");
    const request = await requestOf(serve.url, sam, t);
    expect(request?.status).toBe("waiting");
    // The customer writes while the approval waits; the model call of that run is held.
    const text = "Any news on my refund?";
    const gate = serve.gm.gate(text);
    const customer = chat.say(text);
    const modelCalled = await gate.entered.then(() => true, () => false);
    console.warn(`approval case on ${where.name}: the customer's run ${modelCalled ? "was held in its model call" : "made no model call (not held)"}`);
    const answered = answerRequest(serve.url, request.id, sam);
    if (modelCalled) expect(await pendingAfter(answered, 150)).toBe(true);
    gate.release();
    const [said, reply] = await within(Promise.all([customer, answered]), 8000, "the customer's run and the approval");
    expect(said.error, JSON.stringify(said.error)).toBeUndefined();
    expect(reply.status).toBe(200);
    chat.agent.pendingInterrupts = [];
    const next = await chat.look();
    const refunds = [...said.text, ...next.text].filter((line) => /^Refund RF-\S+ for the Espresso machine is on its way/.test(line));
    expect(refunds, [...said.text, ...next.text].join(" / ")).toHaveLength(1);
    const issued = serve.logs.map((l) => JSON.parse(l)).filter((l) => l.thread === t && (l.tools ?? []).includes("issue_refund"));
    expect(issued).toHaveLength(1);
    // Answering again changes nothing.
    expect((await answerRequest(serve.url, request.id, sam)).status).toBe(409);
  });
});
