/**
 * Issue 22: a grid says what its columns are called and which cells it shows (`columns:`), and a
 * template names the picked row by the pick's name (`{room_id.name}`), typed by the list's rows —
 * with no `filter(...)[0]` written out. Both are checked at load like any other reference.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { gridColumns } from "../../src/compile/grid-columns.js";
import { describeValue } from "../../src/expr/format-value.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import { cards, Host, says, skillFrom, T, toolInfo } from "./host.js";

const md = (columns: string, say = "Booked {room_id.name} ({room_id.nightly_rate} EUR a night): {book_room.reference}.") => `---
name: rooms
description: Book a room.
---
## Fields

\`\`\`yaml
nights: { number: { min: 1, max: 9 } }
\`\`\`

## Steps

\`\`\`yaml
- ask: { nights: "How many nights?" }
- ask: { room_id: "Which room?" }
  from: free_rooms.rooms
${columns}
- confirm: { book: "Book {room_id.name} for {nights} nights?" }
- do: book_room
- say: "${say}"
\`\`\`
`;
const room = T.obj({ id: T.str, name: T.str, nightly_rate: T.int, floor: T.int });
const TOOLS = [
  toolInfo("free_rooms", "lookup", { nights: T.int }, { rooms: T.list(room) }),
  { ...toolInfo("book_room", "write", { room_id: T.str, nights: T.int }, { reference: T.str }), card: "Book room {room_id} for {nights} nights" },
];
const ROOMS = [{ id: "R-101", name: "Garden room", nightly_rate: 90, floor: 0 }, { id: "R-102", name: "Sea view suite", nightly_rate: 180, floor: 3 }];
const COLUMNS = '  columns: { name: Room, nightly_rate: "Per night (EUR)" }';

function check(text: string) {
  const { skill } = parseSkill(text, "rooms/SKILL.md");
  return checkSkill({ ...skill!, tools: Object.fromEntries(TOOLS.map((t) => [t.name, t])) });
}

describe("columns: and the picked row", () => {
  it("shows the named row in the card and the say, and the grid's columns as written", () => {
    const skill = skillFrom(md(COLUMNS), TOOLS);
    expect(checkSkill(skill)).toEqual([]);
    const host = new Host(skill, { free_rooms: () => ({ rooms: ROOMS }), book_room: () => ({ reference: "BK-7" }) });
    host.text("2 nights", { nights: 2 });
    expect(gridColumns(skill, "room_id", ROOMS)).toEqual([{ key: "name", label: "Room" }, { key: "nightly_rate", label: "Per night (EUR)" }]);
    const card = host.pick("room_id", "R-102");
    expect(cards(card)[0]!.question).toBe("Book Sea view suite for 2 nights?");
    expect(says(host.press("book"))).toEqual(["Booked Sea view suite (180 EUR a night): BK-7."]);
  });

  it("without columns:, a grid shows every property headed in words; the list form takes headers from the names", () => {
    expect(gridColumns(skillFrom(md(""), TOOLS), "room_id", ROOMS).map((c) => c.label)).toEqual(["ID", "Name", "Nightly rate", "Floor"]);
    const listed = skillFrom(md("  columns: [name, floor]"), TOOLS);
    expect(gridColumns(listed, "room_id", ROOMS)).toEqual([{ key: "name", label: "Name" }, { key: "floor", label: "Floor" }]);
  });

  it("a column or a row property the rows do not have is an unknown-reference with a suggestion", () => {
    const bad = check(md('  columns: { name: Room, nightly_rte: "Per night" }', "Booked {room_id.nmae}."));
    expect(bad.map((d) => [d.ruleId, d.reason, d.fix])).toEqual([
      ["unknown-reference", "`nightly_rte` in `columns:` is not a property of the rows of `free_rooms.rooms`.", "Did you mean `nightly_rate`? Use one of its properties: `id`, `name`, `nightly_rate` and `floor`."],
      ["unknown-reference", "In `room_id.nmae`, `room_id` has no property `nmae`.", "Use a property the tool's output schema declares."],
    ]);
    expect(bad.map((d) => d.line)).toEqual([17, 20]);
  });

  it("columns: on an ask without from:, or of the wrong form, is an invalid-step", () => {
    const noFrom = parseSkill(md("").replace("  from: free_rooms.rooms\n", "").replace('- ask: { nights: "How many nights?" }', '- ask: { nights: "How many nights?" }\n  columns: [name]'), "x/SKILL.md");
    expect(noFrom.diagnostics.map((d) => [d.ruleId, d.reason])).toContainEqual(["invalid-step", "`columns:` is on an ask without `from:`, so there is no grid of rows to show."]);
    const wrong = parseSkill(md("  columns: name"), "x/SKILL.md");
    expect(wrong.diagnostics.map((d) => [d.ruleId, d.reason])).toEqual([["invalid-step", "`columns:` is `name`, not row properties with their headers."]]);
  });

  it("describes an object as words, leaving nothing out", () => {
    expect(describeValue({ id: "espresso", name: "Espresso machine", price: 189 })).toBe("Espresso machine (id: espresso, price: 189)");
    expect(describeValue({ id: "x", qty: 2 })).toBe("(id: x, qty: 2)");
    expect(describeValue([{ name: "A" }, { name: "B" }])).toBe("A, B");
    expect(describeValue(true)).toBe("yes");
  });
});
