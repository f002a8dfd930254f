// bench/store: the conference trip's four turns through the public API (createFlow + openCheckpointer):
// the message, two row clicks, Pay. The model is a ScriptedChatModel (a real LangChain chat model with no
// latency) answering the one message from a table, so the figures measure the host, the runtime and the store.
import { fileURLToPath } from "node:url";
import { createFlow, openCheckpointer, ScriptedChatModel } from "@skillflow/langgraph";

const SKILL = fileURLToPath(new URL("../../skills/conference-trip", import.meta.url));
const NOW = "2027-03-01T09:00:00Z";

class TableModel extends ScriptedChatModel {
  async _generate(messages, options) {
    this.prompts.length = 0;
    this.script(messages.at(-1).content.startsWith("Lisbon") ? { conference: "Lisbon AI Summit", nights: 3 } : {});
    return super._generate(messages, options);
  }
}

/** The story: the message (a model call, 2 lookups), the flight, the hotel (the card), Pay (4 writes). */
export const TURNS = 4;

/** Open the store `url` names and a flow on it. */
export async function openTrip(url) {
  const store = await openCheckpointer(url);
  const flow = await createFlow({ skill: SKILL, model: new TableModel(), store, now: NOW });
  return { store, flow };
}

/** One whole conversation on `thread`; throws unless it ends booked (a faster figure never comes from doing less). */
export async function tripConversation(flow, thread) {
  await flow.send(thread, { text: "Lisbon AI Summit, 3 nights" });
  await flow.send(thread, { pick: { flight_id: "TP1350" } });
  const hotel = await flow.send(thread, { pick: { hotel_id: "H-BAIXA" } });
  const card = hotel.cards[0]?.digest;
  const paid = await flow.send(thread, { press: "pay", card });
  if (!paid.reply.at(-1)?.startsWith("Booked.")) throw new Error(`not booked: ${paid.reply.join(" / ")}`);
}
