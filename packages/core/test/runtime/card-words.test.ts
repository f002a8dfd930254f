/**
 * Issue 36: a confirmation card in words. Each write reads as its card words — the `do:` step's `card:`
 * (over anything in scope: the picked row, lookups), or the tool's `card` (over its inputs) — with money
 * and dates formatted, and every input the words do not show listed under them with its description, so
 * the card still shows every input the write receives. An input counts as shown only when its hole holds
 * the very value the write receives (a `with:` that binds it elsewhere lists it). The digest covers the
 * words, so a yes binds what was read.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { cardDigest } from "../../src/runtime/build-card.js";
import { digestOf } from "../../src/runtime/digest.js";
import { cards, Host, skillFrom, T, toolInfo, writes } from "./host.js";

const SKILL_MD = `---
name: stay
description: Book a room.
---
## Fields

\`\`\`yaml
nights: { number: { min: 1, max: 9 } }
guest: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { nights: "How many nights?" }
- ask: { guest: "Whose name is the room in?" }
- ask: { room_id: "Which room?" }
  from: free_rooms.rooms
- do: quote_stay
- confirm: { book: "Book it?" }
- do: book_room
  card: 'Book {room_id.name} (room {room_id}) for {nights} nights from {date(free_rooms.from)}'
- do: take_deposit
  card: 'Take a {money(quote_stay.total, "EUR")} deposit'
- do: charge
- do: tell_desk
  with: { nights: "nights + 1" }
  card: "Tell the desk: room {room_id} for {nights} nights"
\`\`\`
`;

const described = (tool: ReturnType<typeof toolInfo>, descriptions: Record<string, string>) =>
  ({ ...tool, params: tool.params.map((p) => ({ ...p, ...(descriptions[p.name] && { description: descriptions[p.name] }) })) });

const room = T.obj({ id: T.str, name: T.str });
const TOOLS = [
  toolInfo("free_rooms", "lookup", { nights: T.int }, { rooms: T.list(room), from: T.str }),
  toolInfo("quote_stay", "lookup", { room_id: T.str, nights: T.int }, { total: T.dbl }),
  described(toolInfo("book_room", "write", { room_id: T.str, nights: T.int, guest: T.str }, { ref: T.str }), { guest: "the guest's name" }),
  toolInfo("take_deposit", "write", { total: T.dbl }, { ref: T.str }),
  { ...toolInfo("charge", "write", { total: T.dbl }, { ref: T.str }), card: 'Charge {money(total, "EUR")} to the card on file' },
  described(toolInfo("tell_desk", "write", { room_id: T.str, nights: T.int }, { ok: T.bool }), { nights: "nights to prepare" }),
];

function host(): Host {
  return new Host(skillFrom(SKILL_MD, TOOLS), {
    free_rooms: () => ({ rooms: [{ id: "R-7", name: "Sea view suite" }], from: "2027-03-17" }),
    quote_stay: ({ nights }) => ({ total: 1275 * (nights as number) / 3 }),
    book_room: () => ({ ref: "B-1" }), take_deposit: () => ({ ref: "D-1" }), charge: () => ({ ref: "C-1" }), tell_desk: () => ({ ok: true }),
  });
}

describe("a card in words", () => {
  it("reads each write as its words, money and dates formatted, every input the words leave out listed with its label", () => {
    const h = host();
    expect(checkSkill(h.skill)).toEqual([]);
    h.text("3 nights", { nights: 3 });
    h.text("Ada Lovelace", { guest: "Ada Lovelace" });
    const [card] = cards(h.pick("room_id", "R-7"));
    expect(card!.writes.map(({ tool, words, details }) => ({ tool, words, details }))).toEqual([
      { tool: "book_room", words: "Book Sea view suite (room R-7) for 3 nights from 17 March 2027", details: [{ input: "guest", label: "The guest's name", value: "Ada Lovelace" }] },
      // `total` is bound by name from quote_stay's output, and the words read that very value.
      { tool: "take_deposit", words: "Take a 1,275.00 EUR deposit", details: [] },
      // tools.ts's card words, read over the write's inputs.
      { tool: "charge", words: "Charge 1,275.00 EUR to the card on file", details: [] },
      // The words read the field `nights` (3), but the write receives `nights + 1`: the input is listed.
      { tool: "tell_desk", words: "Tell the desk: room R-7 for 3 nights", details: [{ input: "nights", label: "Nights to prepare", value: "4" }] },
    ]);
    // The raw tool and inputs stay beside the words, for programs.
    expect(card!.writes.map((w) => w.inputs)).toEqual([
      { room_id: "R-7", nights: 3, guest: "Ada Lovelace" }, { total: 1275 }, { total: 1275 }, { room_id: "R-7", nights: 4 },
    ]);
    expect(writes(h.press("book"))).toEqual(["book_room", "take_deposit", "charge", "tell_desk"]);
  });

  it("a write with no card words reads as its description, or its name in words, with every input listed", () => {
    const plain = TOOLS.map((t) => (t.name === "charge" ? toolInfo("charge", "write", { total: T.dbl }, { ref: T.str }) : t));
    const h = new Host(skillFrom(SKILL_MD, plain), host().fakes);
    h.text("3 nights", { nights: 3 });
    h.text("Ada", { guest: "Ada" });
    const charge = cards(h.pick("room_id", "R-7"))[0]!.writes.find((w) => w.tool === "charge")!;
    expect([charge.words, charge.details]).toEqual(["Charge", [{ input: "total", label: "Total", value: "1275" }]]);
    expect(checkSkill(skillFrom(SKILL_MD, plain)).map((d) => [d.ruleId, d.line])).toEqual([["card-words", 25]]);
  });

  it("tools.ts card words that read something other than the inputs fall back to plain words, listing every input", () => {
    const wrong = TOOLS.map((t) => (t.name === "charge" ? { ...t, card: "Charge {quote_stay.total}" } : t));
    const skill = skillFrom(SKILL_MD, wrong);
    expect(checkSkill(skill).map((d) => d.ruleId)).toEqual(["card-words"]);
    const h = new Host(skill, host().fakes);
    h.text("3 nights", { nights: 3 });
    h.text("Ada", { guest: "Ada" });
    const charge = cards(h.pick("room_id", "R-7"))[0]!.writes.find((w) => w.tool === "charge")!;
    expect([charge.words, charge.details]).toEqual(["Charge", [{ input: "total", label: "Total", value: "1275" }]]);
  });

  it("the card's digest covers the words: the same inputs read differently make another card", () => {
    const write = { tool: "hold_flight", instance: "9", inputs: { flight_id: "TP1350" }, words: "Hold flight TP1350 (TAP)", details: [] };
    const same = cardDigest(digestOf, "Pay?", undefined, [write]);
    expect(cardDigest(digestOf, "Pay?", undefined, [{ ...write }])).toBe(same);
    expect(cardDigest(digestOf, "Pay?", undefined, [{ ...write, words: "Hold flight TP1350 (Ryanair)" }])).not.toBe(same);
  });
});
