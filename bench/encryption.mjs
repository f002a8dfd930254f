// bench/encryption: what encrypting checkpoints at rest costs on SQLite, for conference-trip's Pay turn
// (four writes, 23 checkpoint writes). Two arms on fresh files, same flow, same pruning and lock:
//   plain      LangGraph's SqliteSaver with its default serializer (what was stored before)
//   encrypted  openCheckpointer's saver: AES-256-GCM under the deployment key (EncryptedSerializer)
// Prints the bytes the Pay turn stores (rows of one thread, pruning off) and the median time of the
// answers turn and the Pay turn over RUNS conversations. Runs from dist: `npx tsc -b && node bench/encryption.mjs`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { createFlow, openCheckpointer } from "@skillflow/langgraph";
import { offlineModel } from "@skillflow/langgraph/models";

const RUNS = Number(process.env.RUNS ?? 40);
const SKILL = fileURLToPath(new URL("../skills/conference-trip", import.meta.url));
const PRESET = { conference: "Lisbon AI Summit", nights: 3, flight_id: "TP1350", hotel_id: "H-BAIXA" };
const dir = mkdtempSync(join(tmpdir(), "bench-encryption-"));

/** The store for an arm: openCheckpointer's, with the plain arm's saver swapped for a default SqliteSaver. */
async function openArm(arm, file) {
  const store = await openCheckpointer(`sqlite:${file}`);
  return arm === "plain" ? { ...store, saver: SqliteSaver.fromConnString(file) } : store;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The bytes and rows one thread's Pay turn adds to the store (pruning off). */
async function payBytes(store) {
  const unpruned = await createFlow({ skill: SKILL, model: offlineModel(), store, keepCheckpoints: 1_000_000 });
  await unpruned.send("bytes", { preset: PRESET });
  const before = await store.footprint("bytes");
  await unpruned.send("bytes", { press: "pay" });
  const after = await store.footprint("bytes");
  return { bytes: after.bytes - before.bytes, rows: after.checkpoints - before.checkpoints + after.writes - before.writes };
}

/** One conversation on `flow`: the time of its answers turn and of its Pay turn. */
async function conversation(flow, thread) {
  const t0 = performance.now();
  await flow.send(thread, { preset: PRESET });
  const t1 = performance.now();
  await flow.send(thread, { press: "pay" });
  return [t1 - t0, performance.now() - t1];
}

const arms = {};
for (const arm of ["plain", "encrypted"]) {
  const store = await openArm(arm, join(dir, `${arm}.sqlite`));
  arms[arm] = { store, ...(await payBytes(store)), flow: await createFlow({ skill: SKILL, model: offlineModel(), store }), answers: [], pay: [] };
}
// The arms take turns, conversation by conversation, so a change in the machine's load hits both alike.
for (let i = 0; i < RUNS + 5; i++) {
  for (const arm of Object.values(arms)) {
    const [answers, pay] = await conversation(arm.flow, `t${i}`);
    if (i >= 5) arm.answers.push(answers), arm.pay.push(pay); // the first 5 warm up
  }
}
for (const arm of Object.values(arms)) await arm.store.close();
const summary = (a) => ({ bytes: a.bytes, rows: a.rows, answers: median(a.answers), pay: median(a.pay) });
const plain = summary(arms.plain);
const encrypted = summary(arms.encrypted);
rmSync(dir, { recursive: true, force: true });
const row = (name, r) => `${name.padEnd(11)}${String(r.rows).padStart(6)}${r.bytes.toLocaleString("en-US").padStart(12)}${`${r.answers.toFixed(2)} ms`.padStart(14)}${`${r.pay.toFixed(2)} ms`.padStart(12)}`;
console.log(`conference-trip on SQLite, median of ${RUNS} conversations`);
console.log(`${"arm".padEnd(11)}${"rows".padStart(6)}${"Pay bytes".padStart(12)}${"answers turn".padStart(14)}${"Pay turn".padStart(12)}`);
console.log(row("plain", plain));
console.log(row("encrypted", encrypted));
console.log(`encrypted / plain: bytes ×${(encrypted.bytes / plain.bytes).toFixed(2)}, answers turn ×${(encrypted.answers / plain.answers).toFixed(2)}, Pay turn ×${(encrypted.pay / plain.pay).toFixed(2)}`);
