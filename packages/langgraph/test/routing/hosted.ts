/** Shared set-up for the routing tests: the trip and refund skills in one flow, with a scripted model. */
import { fileURLToPath } from "node:url";
import { createFlow, type CreateFlowOptions, type Flow } from "../../src/create-flow.js";
import type { TurnResult } from "../../src/render/render-turn.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const skillPath = (name: string) => fileURLToPath(new URL(`../../../../skills/${name}`, import.meta.url));
export const TRIP = skillPath("conference-trip");
export const REFUND = skillPath("order-refund");
export const ACCOUNT = skillPath("account-change");

export const TRIP_WRITES = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];

export interface Hosted {
  flow: Flow;
  model: ScriptedChatModel;
  /** Every turn's result, in order. */
  turns: TurnResult[];
  /** Send one event (scripting the model first when `reply` is given). */
  say(text: string, reply?: Record<string, unknown>): Promise<TurnResult>;
  send(event: Parameters<Flow["send"]>[1]): Promise<TurnResult>;
  /** The writes that ran over the whole conversation, in order. */
  writes(): string[];
}

export async function hostTripAndRefund(options: Partial<CreateFlowOptions> = {}, thread = "t"): Promise<Hosted> {
  const model = new ScriptedChatModel();
  const flow = await createFlow({ skills: [TRIP, REFUND], model, now: "2027-03-01T09:00:00Z", ...options });
  const turns: TurnResult[] = [];
  const send = async (event: Parameters<Flow["send"]>[1]) => {
    const turn = await flow.send(thread, event);
    turns.push(turn);
    return turn;
  };
  return {
    flow, model, turns, send,
    say: (text, reply) => {
      if (reply) model.script(reply);
      return send({ text });
    },
    writes: () => turns.flatMap((t) => t.tools.filter((r) => r.kind === "write").map((r) => r.tool)),
  };
}

/** Start a trip and bring it to the Pay card (1020 EUR). */
export async function tripToCard(h: Hosted): Promise<TurnResult> {
  await h.say("Book me for the Lisbon AI Summit, 3 nights", { skill: "conference-trip", conference: "Lisbon AI Summit", nights: 3 });
  await h.send({ pick: { flight_id: "TP1350" } });
  return h.send({ pick: { hotel_id: "H-BAIXA" } });
}
