import { describe, expect, it } from "vitest";
import { parseSkill, type Card, type Pending, type Skill } from "@skillflow/core";
import { renderTurnText } from "../../src/chat/render-turn-text.js";
import { changeNotes, compactRepeat } from "../../src/chat/describe-change.js";
import { formatTable } from "../../src/chat/format-options.js";

const skill = {
  name: "s",
  steps: [],
  tools: {},
  fields: { refund_method: { name: "refund_method", shape: { kind: "choices", choices: ["card", "store_credit"] } } },
} as unknown as Skill;

const pickFlight: Pending = { kind: "ask", field: "flight_id", answerKey: "flight_id", stepId: "4", secret: false, pick: true };
const rows = [
  { id: "TP1350", carrier: "TAP", price: 320 },
  { id: "BA500", carrier: "British Airways", price: 95 },
];
const card: Card = {
  confirm: "pay",
  question: "Pay 1020 EUR?",
  widget: "trip_checkout",
  writes: [
    { tool: "hold_flight", instance: "10", inputs: { flight_id: "TP1350" }, words: "Hold flight TP1350 (TAP)", details: [] },
    {
      tool: "take_payment", instance: "13", inputs: { total: 1020, item: { id: "espresso", name: "Espresso machine", price: 189 } },
      words: "Charge 1,020.00 EUR", details: [{ input: "item", label: "The item bought", value: "Espresso machine (id: espresso, price: 189)" }],
    },
  ],
  digest: "d",
};
const confirmPay: Pending = { kind: "confirm", confirm: "pay", key: "pay", stepId: "9", card };

describe("renderTurnText", () => {
  it("shows a from: list as numbered rows under the question, and returns what each number picks", () => {
    const widgets = [{ name: "flight_grid", kind: "grid" as const, rows, field: "flight_id" }];
    const out = renderTurnText({ reply: ["Which flight?"], widgets, pending: pickFlight, done: false }, skill, { color: false });
    expect(out.text).toBe(
      [
        "Which flight?",
        "     ID      Carrier          Price",
        "  1  TP1350  TAP                320",
        "  2  BA500   British Airways     95",
        "Type a number from 1 to 2 to pick.",
        "",
      ].join("\n"),
    );
    expect(out.options).toEqual({ field: "flight_id", values: ["TP1350", "BA500"], lines: expect.any(Array) });
  });

  it("numbers the choices of a choices widget", () => {
    const pending: Pending = { ...pickFlight, field: "refund_method", pick: false };
    const widgets = [{ name: "how", kind: "choices" as const, field: "refund_method" }];
    const out = renderTurnText({ reply: ["How?"], widgets, pending, done: false }, skill, { color: false });
    expect(out.text).toContain("  1  card\n  2  store_credit\n");
    expect(out.options?.values).toEqual(["card", "store_credit"]);
  });

  it("shows a checkout listing every write in its words, each input the words leave out under it with its label, in order, and the y/n prompt", () => {
    const widgets = [{ name: "trip_checkout", kind: "checkout" as const, card }];
    const out = renderTurnText({ reply: ["Pay 1020 EUR?"], widgets, pending: confirmPay, done: false }, skill, { color: false });
    expect(out.text).toBe(
      [
        "Pay 1020 EUR?",
        "Checkout — yes runs these 2 bookings, in this order:",
        "  1. Hold flight TP1350 (TAP)",
        "  2. Charge 1,020.00 EUR",
        "     The item bought: Espresso machine (id: espresso, price: 189)",
        "Type yes (or y, ok, sure) to go ahead with the above, or no (n) to change nothing.",
        "",
      ].join("\n"),
    );
    expect(out.options).toBeUndefined();
  });

  it("shows a confirmation without a widget as a card from the pending confirm", () => {
    const pending: Pending = { ...confirmPay, confirm: "refund_item", card: { ...card, confirm: "refund_item", writes: card.writes.slice(0, 1) } };
    const out = renderTurnText({ reply: ["Refund?"], widgets: [], pending, done: false }, skill, { color: false });
    expect(out.text).toContain("Confirm — yes runs this:\n  1. Hold flight TP1350 (TAP)\nType yes (or y, ok, sure) to go ahead with the above, or no (n) to change nothing.");
  });

  it("says the conversation was handed over to a person, after the hand-off's own words", () => {
    const turn = { reply: ["YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."], widgets: [], pending: { kind: "done" } as Pending, done: true, handedOff: { tool: "transfer_to_human_agents" } };
    expect(renderTurnText(turn, skill, { color: false }).text).toBe(
      "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.\nHanded over to a person (transfer_to_human_agents ran). The conversation ends here; Ctrl-D leaves.\n",
    );
    expect(renderTurnText({ ...turn, handedOff: undefined }, skill, { color: false }).text).not.toContain("Handed over");
  });

  it("says who must approve, and (for an operator) the command that approves from outside the conversation", () => {
    const pending: Pending = { kind: "approval", confirm: "supervisor_ok", key: "k", stepId: "5", role: "supervisor", requestId: "r" };
    const turn = { reply: ["Sent to supervisor for approval: OK?"], widgets: [], pending, done: false };
    const operator = renderTurnText(turn, skill, { color: false, operator: true }).text;
    expect(operator).toContain('Waiting for supervisor to approve "supervisor_ok".');
    expect(operator).toContain("/approve supervisor_ok supervisor");
    const person = renderTurnText(turn, skill, { color: false }).text;
    expect(person).toContain('Waiting for supervisor to approve "supervisor_ok".');
    expect(person).not.toContain("/approve");
    expect(person).toContain("start the chat with --operator");
  });

  it("shows a card covering no write on this path as its question and the y/n prompt, with no list", () => {
    const empty: Card = { ...card, confirm: "submit", question: "Send the request?", writes: [] };
    const pending: Pending = { ...confirmPay, confirm: "submit", card: empty };
    const expected = "Send the request?\nType yes (or y, ok, sure) to go ahead with the above, or no (n) to change nothing.\n";
    expect(renderTurnText({ reply: ["Send the request?"], widgets: [], pending, done: false }, skill, { color: false }).text).toBe(expected);
    const widgets = [{ name: "trip_checkout", kind: "checkout" as const, card: empty }];
    expect(renderTurnText({ reply: ["Send the request?"], widgets, pending, done: false }, skill, { color: false }).text).toBe(expected);
  });

  it("says plainly that a declined approval ran nothing, how to ask again, and offers no /approve", () => {
    const pending: Pending = { kind: "approval", confirm: "supervisor_ok", key: "k", stepId: "5", role: "supervisor", requestId: "r" };
    const turn = { reply: ["supervisor did not approve this."], widgets: [], pending, done: false, approvalStatus: "rejected" as const };
    const out = renderTurnText(turn, skill, { color: false }).text;
    expect(out).toContain('supervisor declined "supervisor_ok", so nothing it covers was run.\n');
    expect(out).toContain("change an answer: that files a new request for supervisor to approve.");
    expect(out).not.toContain("Waiting for");
    expect(out).not.toContain("/approve");
  });

  it("colors only on request: refusals yellow, the question bold", () => {
    const trace = [{ type: "refused" as const, field: "nights", message: "Too many." }];
    const out = renderTurnText({ reply: ["Too many.", "How many nights?"], widgets: [], pending: { ...pickFlight, pick: false }, done: false, trace }, skill, { color: true });
    expect(out.text).toMatch(/\u001b\[33mToo many\.\u001b\[39m\n\u001b\[1mHow many nights\?/);
    expect(renderTurnText({ reply: ["Too many."], widgets: [], done: false, trace }, skill, { color: false }).text).toBe("Too many.\n");
  });
});

describe("compactRepeat", () => {
  it("says what a message changed when the screen would not", () => {
    const trace = [{ type: "field_set" as const, field: "nights", key: "nights", by: "model" as const, value: 5 }];
    const options = { field: "hotel_id", values: ["a", "b", "c"], lines: [] };
    expect(compactRepeat({ reply: ["Where?"], trace, pending: { ...pickFlight, field: "hotel_id" } }, options, true)).toBe(
      "Noted: nights 5.\nWhere? (the list above still stands: type a number from 1 to 3)\n",
    );
    expect(compactRepeat({ reply: ["Pay?"], trace: [], pending: confirmPay }, undefined, true)).toBe(
      "Nothing in that message answered the question.\nPay? (the card above still stands: yes or no)\n",
    );
  });
});

describe("changeNotes", () => {
  const model = { type: "model_call" as const, fields: ["start_date"], inputTokens: 0, outputTokens: 0 };
  it("says when a message answered nothing, and only for free text", () => {
    const turn = { reply: ["From which day?"], trace: [model] };
    expect(changeNotes(turn, true)).toBe("Nothing in that message answered the question.\n");
    expect(changeNotes(turn, false)).toBe("");
    const set = { type: "field_set" as const, field: "start_date", key: "start_date", by: "model" as const, value: "2027-03-02" };
    expect(changeNotes({ ...turn, trace: [model, set] }, true)).toBe("");
  });

  it("says what was not taken from a message, and why", () => {
    const dropped = { type: "dropped" as const, field: "pay", reason: "confirmation: only the person's yes on the card counts" };
    expect(changeNotes({ reply: ["Pay?"], trace: [model, dropped] }, true)).toBe(
      "Not taken from a message: pay (confirmation: only the person's yes on the card counts).\n",
    );
  });

  it("does not tell the person of the routing's own choice of skill (no 'needs intent: switch')", () => {
    // The offline extractor read "my email is …" at the retail sign-in as order-refund's email too.
    const routing = { type: "dropped" as const, field: "skill", reason: "switching away from cancel_order needs intent: switch" };
    const set = { type: "field_set" as const, field: "sign_in", key: "sign_in", by: "model" as const, value: "email" };
    expect(changeNotes({ reply: ["What is the email address of your account?"], trace: [set, routing] }, true)).toBe("");
    expect(changeNotes({ reply: ["Which order?"], trace: [routing] }, true)).toBe("Nothing in that message answered the question.\n");
  });

  it("adds nothing to a no at a card: the runtime's reply already says nothing was run (once, not twice)", () => {
    const declined = { type: "confirm_given" as const, confirm: "pay", yes: false, digest: "d" };
    const saidNo = "You said no, so nothing was run. Change what you need, or say yes when it is right.";
    expect(changeNotes({ reply: [saidNo, "Pay?"], trace: [declined] }, true)).toBe("");
  });
});

describe("formatTable", () => {
  const columns = [{ key: "id", label: "ID" }, { key: "note", label: "Note" }, { key: "item", label: "Item" }];
  it("cuts long cells and prints objects as words, as the chat page does", () => {
    const [header, row] = formatTable([{ id: "x", note: "a".repeat(40), item: { id: "espresso", name: "Espresso machine" } }], columns);
    expect(header).toBe(`     ID  Note${" ".repeat(30)}Item`);
    expect(row).toBe(`  1  x   ${"a".repeat(31)}…  Espresso machine (id: espresso)`);
  });
});

describe("a grid's columns: in flow chat", () => {
  const { skill: withColumns } = parseSkill(`---
name: rooms
description: Book a room.
---
## Steps

\`\`\`yaml
- ask: { room_id: "Which room?" }
  from: free_rooms.rooms
  columns: { name: Room, nightly_rate: "Per night (EUR)" }
- say: "Booked {room_id.name}."
\`\`\`
`, "rooms/SKILL.md");
  const pickRoom: Pending = { ...pickFlight, field: "room_id", answerKey: "room_id" };
  const rooms = [{ id: "R-101", name: "Garden room", nightly_rate: 90, floor: 0 }, { id: "R-102", name: "Sea view suite", nightly_rate: 180, floor: 3 }];

  it("heads the table with the skill's headers and shows only those cells; a number still picks the row's id", () => {
    const widgets = [{ name: "room_grid", kind: "grid" as const, rows: rooms, field: "room_id" }];
    const out = renderTurnText({ reply: ["Which room?"], widgets, pending: pickRoom, done: false }, withColumns!, { color: false });
    expect(out.text).toBe(
      [
        "Which room?",
        "     Room            Per night (EUR)",
        "  1  Garden room                  90",
        "  2  Sea view suite              180",
        "Type a number from 1 to 2 to pick.",
        "",
      ].join("\n"),
    );
    expect(out.options?.values).toEqual(["R-101", "R-102"]);
  });
});
