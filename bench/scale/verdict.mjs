// The checks of bench/scale.mjs, from what the clients saw, the effects the tools logged (one line per
// call of a write, in every process) and the turn lines the processes printed (one per turn). An effect
// is one (tool, idempotency key): a write re-sent with its key after a crash is a second call, not a
// second effect, as a payment or booking API that honours the key would have it.
import { existsSync, readFileSync } from "node:fs";

/** Turn lines each conversation's events make: the trip's 5 runs; the refund's 8 runs with an event and its approval. */
const EVENTS = { trip: 5, refund: 9 };
const WRITES = { trip: { hold_flight: 1, hold_hotel: 1, reserve_cab: 1, take_payment: 1 }, refund: { create_return: 2, issue_refund: 2 } };
/** Which result field of a write is the reference the customer is shown. */
const REFERENCE = { take_payment: "reference", issue_refund: "refund_id", create_return: "return_label" };

export function verdict({ expected, finished, failed, effectsLog, turnLines }) {
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  check("every conversation finished", finished.length === expected && failed.length === 0,
    `${finished.length} of ${expected}${failed.length ? `; failed: ${failed.slice(0, 3).join(" | ")}` : ""}`);

  const calls = existsSync(effectsLog) ? readFileSync(effectsLog, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)) : [];
  const effects = new Map();
  for (const call of calls) effects.set(`${call.tool}\u0000${call.key}`, call);
  const byTool = {};
  for (const e of effects.values()) (byTool[e.tool] ??= []).push(e);
  const want = {};
  for (const c of finished) for (const [tool, n] of Object.entries(WRITES[c.kind])) want[tool] = (want[tool] ?? 0) + n;
  const counts = Object.keys({ ...want, ...byTool }).sort().map((t) => [t, byTool[t]?.length ?? 0, want[t] ?? 0]);
  const shown = finished.flatMap((c) => Object.entries(c.references).flatMap(([tool, refs]) => refs.map((r) => `${tool} ${r}`)));
  const made = [...effects.values()].filter((e) => REFERENCE[e.tool]).map((e) => `${e.tool} ${e.result[REFERENCE[e.tool]]}`);
  const sameRefs = shown.length === made.length && [...shown].sort().join() === [...made].sort().join();
  check("every confirmed write ran exactly once", counts.every(([, n, w]) => n === w) && sameRefs,
    `${counts.map(([t, n, w]) => `${t} ${n}/${w}`).join(", ")}; references shown = references made: ${sameRefs}; ${calls.length - effects.size} call(s) re-sent with the same key`);

  const lines = new Map();
  for (const l of turnLines) if (l.event) {
    const t = lines.get(l.thread) ?? { applied: 0, repeated: 0 };
    if (l.repeated) t.repeated += 1;
    else t.applied += 1;
    lines.set(l.thread, t);
  }
  const twice = finished.filter((c) => (lines.get(c.thread)?.applied ?? 0) > EVENTS[c.kind]);
  const lost = finished.filter((c) => { const t = lines.get(c.thread); return !t || t.applied + t.repeated < EVENTS[c.kind]; });
  const repeated = [...lines.values()].reduce((n, t) => n + t.repeated, 0);
  check("no turn lost or answered twice", twice.length === 0 && lost.length === 0,
    `every run answered with the story's next step; turn lines: ${twice.length} conversation(s) with an event applied twice, ${lost.length} with an event no process took; ${repeated} retried event(s) the flow had already taken`);

  // With one process in use there is no other process to answer on.
  const approvals = finished.filter((c) => c.processes > 1).flatMap((c) => c.approvals);
  const elsewhere = approvals.filter((a) => !a.approver.includes(a.customer));
  check("approvals answered on another process than the customer's", approvals.length > 0 && elsewhere.length === approvals.length,
    `${elsewhere.length} of ${approvals.length} (the phases with several processes)`);
  return checks;
}
