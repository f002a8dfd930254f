// bench/store: the profile — the statements each turn of one conversation sends, grouped by their first
// words (BEGIN, INSERT INTO checkpoint_blobs, SELECT pg_advisory_lock, …), and the bytes it writes.
import { io, resetIo } from "./count-io.mjs";

const STORY = [
  ["message", { text: "Lisbon AI Summit, 3 nights" }],
  ["flight", { pick: { flight_id: "TP1350" } }],
  ["hotel", { pick: { hotel_id: "H-BAIXA" } }],
  ["pay", { press: "pay" }],
];

export async function profileTurns(flow, thread) {
  const turns = [];
  let card;
  for (const [name, event] of STORY) {
    resetIo(true);
    const turn = await flow.send(thread, event.press ? { ...event, card } : event);
    card = turn.cards[0]?.digest ?? card;
    const kinds = [...io.profile].map(([k, n]) => `${n}× ${k}`).join("; ");
    turns.push({ name, queries: io.queries, bytes: io.bytes, kinds });
  }
  resetIo();
  return turns;
}
