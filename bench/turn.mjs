// bench/turn: one Skillflow turn against one invoke of a trivial two-node StateGraph with MemorySaver
// (bench/turn/baseline.mjs), measured interleaved in the same run: for every sample a fresh conversation
// of conference-trip is brought to the row's starting point (untimed), then the turn is timed between
// two trivial invokes. Each row's figure is the median over the samples of
// turn / (mean of the two invokes around it), so load on a shared machine moves both alike. The
// model is a ScriptedChatModel answering from a fixed table (a real LangChain chat model with no
// latency; `TURN_MODEL=port` uses a bare model port instead), so the figures measure the host, the
// runtime and the store. Also per turn: checkpoints written (`put`), pending-write batches
// (`putWrites`) and the bytes the store's serializer produced. In-memory store and SQLite (a temp file).
// Runs from dist: `npx tsc -b && npm run bench:turn` (`TURN_SAMPLES=N` changes the sample count).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createFlow, openCheckpointer, ScriptedChatModel } from "@skillflow/langgraph";
import { trivialGraph } from "./turn/baseline.mjs";
import { countingSaver } from "./turn/count-saver.mjs";
import { measurePureStep } from "./turn/pure-step.mjs";

const SKILL = fileURLToPath(new URL("../skills/conference-trip", import.meta.url));
const NOW = "2027-03-01T09:00:00Z";
const SAMPLES = Number(process.env.TURN_SAMPLES ?? 120);
const WARMUP = 10;

/** What the scripted model extracts from each message of the story. */
const EXTRACTIONS = {
  "Lisbon AI Summit, 3 nights": { conference: "Lisbon AI Summit", nights: 3 },
  "Actually, make it 4 nights": { nights: 4 },
  "Sorry, 3 nights after all": { nights: 3 },
};
/** A ScriptedChatModel (a real LangChain chat model, no latency) answering each message from the table. */
class TableModel extends ScriptedChatModel {
  async _generate(messages, options) {
    this.prompts.length = 0;
    this.script(EXTRACTIONS[messages.at(-1).content] ?? {});
    return super._generate(messages, options);
  }
}
/** The same table as a bare model port (no LangChain on the model side): `TURN_MODEL=port`. */
const port = {
  id: "scripted-port",
  extract: async (request) => ({
    extraction: { ok: true, values: EXTRACTIONS[request.text] ?? {} },
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  }),
};
const scripted = process.env.TURN_MODEL === "port" ? port : new TableModel();

const FIRST = { text: "Lisbon AI Summit, 3 nights" };
const FLIGHT = { pick: { flight_id: "TP1350" } };
const HOTEL = { pick: { hotel_id: "H-BAIXA" } };
const FOUR = { text: "Actually, make it 4 nights" };
const THREE = { text: "Sorry, 3 nights after all" };
const PAY = { press: "pay" };

/** The rows: the events that lead to the turn (untimed), the timed turn, and what it must have done. */
const ROWS = [
  { name: "correction answered from the lookup cache (0 tools)", goal: 1.5, setup: [FIRST, FLIGHT, HOTEL, FOUR, THREE], turn: FOUR, tools: 0 },
  { name: "first message (model + 2 lookups)", goal: 2, setup: [], turn: FIRST, tools: 2 },
  { name: "pick a hotel (3 lookups, shows the card)", goal: 2, setup: [FIRST, FLIGHT], turn: HOTEL, tools: 3, card: true },
  { name: "press Pay (4 writes)", goal: 3, setup: [FIRST, FLIGHT, HOTEL], turn: PAY, tools: 4, booked: true },
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Check the timed turn did what its row says, so a faster figure never comes from doing less. */
function checkTurn(row, turn) {
  const problem =
    turn.tools.length !== row.tools ? `${turn.tools.length} tools ran, expected ${row.tools}`
    : row.card && turn.cards.length !== 1 ? "no card shown"
    : row.booked && !turn.reply.at(-1)?.startsWith("Booked.") ? `not booked: ${turn.reply.join(" / ")}`
    : undefined;
  if (problem) throw new Error(`${row.name}: ${problem}`);
}

/** Time `row` on `flow`: interleaved with the trivial invoke; medians and per-turn store counts. */
async function measureRow(flow, counting, trivial, row, label) {
  const turns = [];
  const bases = [];
  const ratios = [];
  const counts = [];
  for (let i = 0; i < WARMUP + SAMPLES; i += 1) {
    const thread = `${label}-${ROWS.indexOf(row)}-${process.pid}-${i}`;
    let card;
    for (const event of row.setup) card = (await flow.send(thread, event)).cards[0]?.digest ?? card;
    const event = row.turn === PAY ? { press: "pay", card } : row.turn;
    const before = await trivial();
    counting.reset();
    const t = performance.now();
    const turn = await flow.send(thread, event);
    const ms = performance.now() - t;
    const counted = { ...counting.counts };
    const base = (before + (await trivial())) / 2;
    checkTurn(row, turn);
    if (i < WARMUP) continue;
    turns.push(ms);
    bases.push(base);
    ratios.push(ms / base);
    counts.push(counted);
  }
  return {
    ratio: median(ratios), turn: median(turns), base: median(bases),
    checkpoints: median(counts.map((c) => c.checkpoints)),
    writes: median(counts.map((c) => c.writes)),
    kb: median(counts.map((c) => c.bytes)) / 1024,
  };
}

async function measureStore(label, url) {
  const store = await openCheckpointer(url);
  const counting = countingSaver(store.saver);
  const flow = await createFlow({ skill: SKILL, model: scripted, store: { ...store, saver: counting.saver }, now: NOW });
  const trivial = trivialGraph();
  const results = [];
  try {
    for (const row of ROWS) results.push(await measureRow(flow, counting, trivial, row, label));
  } finally {
    await store.close();
  }
  return results;
}

const dir = mkdtempSync(join(tmpdir(), "bench-turn-"));
let memory;
let sqlite;
try {
  memory = await measureStore("memory", "memory");
  sqlite = await measureStore("sqlite", `sqlite:${join(dir, "turn.sqlite")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const pure = await measurePureStep(trivialGraph(), SAMPLES, WARMUP, median);
const PURE_GOAL = 1;

const pad = (s, n) => String(s).padStart(n);
console.log(`conference-trip, scripted zero-latency model; ${SAMPLES} samples per row; ratio = median of turn / trivial invoke around it`);
console.log(`${"turn".padEnd(54)}${pad("memory", 8)}${pad("goal", 7)}${pad("ckpts", 7)}${pad("writes", 7)}${pad("KB", 7)}${pad("sqlite", 9)}${pad("ckpts", 7)}${pad("KB", 7)}`);
const missed = [];
ROWS.forEach((row, i) => {
  const m = memory[i];
  const s = sqlite[i];
  if (m.ratio > row.goal) missed.push(row.name);
  console.log(
    `${row.name.padEnd(54)}${pad(`${m.ratio.toFixed(2)}×`, 8)}${pad(`≤ ${row.goal}×`, 7)}${pad(m.checkpoints, 7)}${pad(m.writes, 7)}${pad(m.kb.toFixed(1), 7)}` +
      `${pad(`${s.ratio.toFixed(2)}×`, 9)}${pad(s.checkpoints, 7)}${pad(s.kb.toFixed(1), 7)}`,
  );
});
const pureName = `pure step, ${pure.steps.toLocaleString("en")}-step skill, ${pure.lookups} cached lookups`;
if (pure.ratio >= PURE_GOAL) missed.push(pureName);
console.log(`${pureName.padEnd(54)}${pad(`${pure.ratio.toFixed(2)}×`, 8)}${pad(`< ${PURE_GOAL}×`, 7)}   (no host, no store: @skillflow/core's step alone)`);
const ms = (r) => `${r.turn.toFixed(2)} ms / ${r.base.toFixed(2)} ms`;
console.log("");
ROWS.forEach((row, i) => console.log(`${row.name.padEnd(54)} memory ${ms(memory[i])}, sqlite ${ms(sqlite[i])}`));
console.log(`${pureName.padEnd(54)} ${pure.turn.toFixed(2)} ms / ${pure.base.toFixed(2)} ms`);
console.log(`goal (memory column): ${missed.length ? `not met for ${missed.join("; ")}` : "met on every row"}`);
