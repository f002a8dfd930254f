/**
 * The pure parts of serving skills to hosts: what a client supports, the turn view (reply, pending,
 * widget), the forms a person answers and how their answers become typed events, and what the model is told.
 */
import { describe, expect, it } from "vitest";
import { parseSkill } from "@skillflow/core";
import type { TurnResult } from "@skillflow/langgraph";
import { clientSupport } from "../src/host/client-support.js";
import { describeForModel } from "../src/host/describe-for-model.js";
import { confirmAnswer, confirmForm, pickAnswer, pickForm } from "../src/host/elicit-forms.js";
import { cannotAsk } from "../src/host/person-words.js";
import { turnView } from "../src/host/turn-view.js";
import { WidgetTokens } from "../src/host/widget-tokens.js";

const UI = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };

describe("clientSupport", () => {
  it.each([
    [{}, { form: false, url: false, apps: false }],
    [{ elicitation: {} }, { form: true, url: false, apps: false }],
    [{ elicitation: { url: {} } }, { form: false, url: true, apps: false }],
    [{ elicitation: { form: {}, url: {} } }, { form: true, url: true, apps: false }],
    [{ extensions: UI }, { form: false, url: false, apps: true }],
    [{ extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html"] } } }, { form: false, url: false, apps: false }],
  ])("%j → %j", (capabilities, support) => {
    expect(clientSupport(capabilities)).toEqual(support);
  });
});

const skill = { name: "trip", steps: [], tools: {} } as never;
const turn = (over: Partial<TurnResult>): TurnResult => ({ reply: [], widgets: [], cards: [], trace: [], tools: [], done: false, usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 }, ...over });
const payment = { tool: "take_payment", instance: "4", inputs: { total: 90 }, words: "Charge 90.00 EUR", details: [] };
const card = { confirm: "pay", question: "Pay 90 EUR?", writes: [payment], digest: "d" };
/** What a program reads of that write: the raw tool and inputs, beside the words. */
const paymentView = { tool: "take_payment", inputs: { total: 90 }, words: "Charge 90.00 EUR", details: [] };

const { skill: roomSkill } = parseSkill(`---
name: rooms
description: Book a room.
---
## Steps

\`\`\`yaml
- ask: { room_id: "Which room?" }
  from: free_rooms.rooms
  columns: { name: Room, rate: "Per night (EUR)", view: View }
- say: "Booked {room_id.name}."
\`\`\`
`, "rooms/SKILL.md");

describe("turnView", () => {
  it("shows a pick with its rows, the question, and the tools that ran in every turn of the call", () => {
    const pick = turn({
      reply: ["Which flight?"],
      widgets: [{ name: "grid", kind: "grid", field: "flight_id", rows: [{ id: "A1", lands: "17:00" }] }],
      pending: { kind: "ask", field: "flight_id", answerKey: "flight_id", stepId: "4", secret: false, pick: true },
      tools: [{ tool: "search", kind: "lookup", ok: true, durationMs: 1 }],
    });
    const view = turnView(skill, "c1", [turn({ reply: ["Hello."], tools: [{ tool: "find", kind: "lookup", ok: true, durationMs: 1 }] }), pick]);
    expect(view).toEqual({
      skill: "trip", conversation: "c1", reply: ["Hello.", "Which flight?"], done: false, tools_run: ["find", "search"],
      pending: { kind: "pick", field: "flight_id", question: "Which flight?" },
      widget: {
        name: "grid", kind: "grid", field: "flight_id", question: "Which flight?", rows: [{ id: "A1", lands: "17:00" }],
        columns: ["id", "lands"], headers: ["ID", "Lands"], cells: [["A1", "17:00"]],
      },
    });
  });

  it("gives a grid the chat page's columns: the ask's columns: and headers, and each cell in words", () => {
    const rooms = [{ id: "R-1", name: "Garden room", rate: 90, view: { name: "Garden", floor: 0 } }];
    const pick = turn({
      reply: ["Which room?"],
      widgets: [{ name: "room_grid", kind: "grid", field: "room_id", rows: rooms }],
      pending: { kind: "ask", field: "room_id", answerKey: "room_id", stepId: "1", secret: false, pick: true },
    });
    expect(turnView(roomSkill, "c", [pick]).widget).toMatchObject({
      columns: ["name", "rate", "view"], headers: ["Room", "Per night (EUR)", "View"], cells: [["Garden room", "90", "Garden (floor: 0)"]], rows: rooms,
    });
  });

  it("gives a card's writes as lines in words: each write's words, then the inputs they leave out", () => {
    const item = {
      tool: "refund", instance: "2", inputs: { item: { id: "espresso", name: "Espresso machine", price: 189 } },
      words: "Refund the item", details: [{ input: "item", label: "The item", value: "Espresso machine (id: espresso, price: 189)" }],
    };
    const withItem = { ...card, writes: [item, { tool: "notify", instance: "3", inputs: {}, words: "Tell the customer", details: [] }] };
    const confirm = turn({ reply: ["Refund?"], widgets: [{ name: "refund_card", kind: "card", card: withItem }], pending: { kind: "confirm", confirm: "pay", key: "pay", stepId: "9", card: withItem } });
    expect(turnView(skill, "c", [confirm]).widget).toMatchObject({ lines: ["Refund the item — The item: Espresso machine (id: espresso, price: 189)", "Tell the customer"] });
  });

  it("shows a card with every write and its inputs, and nothing pending once done", () => {
    const confirm = turn({ reply: ["Pay 90 EUR?"], widgets: [{ name: "checkout", kind: "checkout", card }], pending: { kind: "confirm", confirm: "pay", key: "pay", stepId: "9", card } });
    expect(turnView(skill, "c", [confirm]).widget).toEqual({ name: "checkout", kind: "checkout", confirm: "pay", question: "Pay 90 EUR?", writes: [paymentView], lines: ["Charge 90.00 EUR"] });
    const done = turnView(skill, "c", [turn({ reply: ["Booked."], done: true, pending: { kind: "done" } })]);
    expect([done.pending, done.widget, done.done]).toEqual([null, null, true]);
  });

  it("draws a confirm written without `widget:` as the plain card, so the App still shows what it will run", () => {
    const confirm = turn({ reply: ["Pay 90 EUR?"], cards: [card], pending: { kind: "confirm", confirm: "pay", key: "pay", stepId: "9", card } });
    expect(turnView(skill, "c", [confirm]).widget).toEqual({ name: "card", kind: "card", confirm: "pay", question: "Pay 90 EUR?", writes: [paymentView], lines: ["Charge 90.00 EUR"] });
    // A card of an earlier turn that is no longer waited for is not drawn.
    const later = turn({ reply: ["Booked."], cards: [card], pending: { kind: "done" }, done: true });
    expect(turnView(skill, "c", [later]).widget).toBeNull();
  });
});

describe("forms for the person", () => {
  it("asks a pick as a titled single-select over the row ids, and reads the answer as a pick", () => {
    const columns = [{ key: "id", label: "Flight" }, { key: "carrier", label: "Airline" }, { key: "price", label: "Fare" }];
    const form = pickForm("flight_id", "Which flight?", [{ id: "TP1350", carrier: "TAP", price: 320 }, { id: 7, carrier: "BA" }, { carrier: "no id" }], columns);
    expect(form.requestedSchema).toEqual({
      type: "object", required: ["flight_id"],
      properties: { flight_id: { type: "string", title: "Which flight?", oneOf: [{ const: "TP1350", title: "TP1350 · Airline: TAP · Fare: 320" }, { const: "7", title: "7 · Airline: BA" }] } },
    });
    expect(pickAnswer("flight_id", { action: "accept", content: { flight_id: "TP1350" } })).toEqual({ pick: { flight_id: "TP1350" } });
    expect(pickAnswer("flight_id", { action: "decline" })).toBeUndefined();
  });

  it("titles each option with the grid's shown columns, in words, when the id is not one of them", () => {
    const columns = [{ key: "name", label: "Room" }, { key: "view", label: "View" }];
    const form = pickForm("room_id", "Which room?", [{ id: "R-1", name: "Garden room", view: { name: "Garden", floor: 0 } }], columns);
    expect(form.requestedSchema.properties.room_id!.oneOf).toEqual([{ const: "R-1", title: "Garden room · View: Garden (floor: 0)" }]);
  });

  it("shows a confirmation with its writes and maps yes, no, decline and cancel", () => {
    const inputs = { total: 90, note: "x", item: { id: "espresso", name: "Espresso machine" } };
    const details = [{ label: "Note", value: "x" }, { label: "The item", value: "Espresso machine (id: espresso)" }];
    const form = confirmForm("Pay 90 EUR?", [{ tool: "take_payment", inputs, words: "Charge 90.00 EUR", details }]);
    expect(form.message).toBe("Pay 90 EUR?\n\nThis will run, with exactly these details:\n- Charge 90.00 EUR — Note: x; The item: Espresso machine (id: espresso)");
    expect(confirmAnswer("pay", { action: "accept", content: { confirm: true } })).toEqual({ press: "pay", yes: true });
    expect(confirmAnswer("pay", { action: "accept", content: { confirm: false } })).toEqual({ press: "pay", yes: false });
    expect(confirmAnswer("pay", { action: "decline" })).toEqual({ press: "pay", yes: false });
    expect(confirmAnswer("pay", { action: "cancel" })).toBeUndefined();
  });
});

describe("what the model is told", () => {
  it("passes on a question, or what only the person can do, with the conversation id", () => {
    const waiting = turnView(skill, "c9", [turn({ reply: ["How many nights?"], pending: { kind: "ask", field: "nights", answerKey: "nights", stepId: "3", secret: false, pick: false } })]);
    expect(describeForModel(waiting)).toBe('How many nights?\n\nPass the person\'s answer to "How many nights?" as the next message.\n\nConversation: c9 (send it back as `conversation` with the person\'s next message).');
    const text = cannotAsk({ kind: "confirm", confirm: "pay", question: "Pay 90 EUR?", writes: [{ tool: "take_payment", inputs: {} }] });
    expect(text).toBe('Only the person can answer "Pay 90 EUR?", and this host can show them neither a form (MCP elicitation) nor a widget (MCP Apps). Nothing was done: take_payment did not run.');
  });
});

describe("WidgetTokens", () => {
  it("redeems the current token once; a newer widget or a message voids the old one", () => {
    const tokens = new WidgetTokens();
    const first = tokens.issue("t");
    const second = tokens.issue("t");
    expect(tokens.redeem("t", first)).toBe(false);
    expect(tokens.redeem("t", second)).toBe(true);
    expect(tokens.redeem("t", second)).toBe(false);
    const third = tokens.issue("t");
    tokens.drop("t");
    expect(tokens.redeem("t", third)).toBe(false);
  });
});
