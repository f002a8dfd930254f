/**
 * Named values at run time: a value is evaluated where it is read, from what it reads now (never
 * stored), inside a pick's list and its row (`from: options`, `{hotel_id.name}`), and a value that
 * reads a value.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { Host, says, skillFrom, T, toolInfo } from "./host.js";

const TOOLS = [toolInfo("search_hotels", "lookup", { city: T.str }, { hotels: T.list(T.obj({ id: T.str, name: T.str, price: T.dbl })) })];

const SKILL = `---
name: stay
description: Pick a hotel.
---

## Fields

\`\`\`yaml
city: { choices: [lisbon, porto] }
nights: { number: { min: 1 } }
\`\`\`

## Steps

\`\`\`yaml
- ask: { city: "Which city?" }
- ask: { hotel_id: "Which hotel?" }
  from: options
- ask: { nights: "How many nights?" }
- say: "{hotel_id.name}: {cost} EUR, {label}."
\`\`\`

## Values

\`\`\`yaml
options: "search_hotels.hotels.filter(h, h.price < 200.0)"
cost: "hotel_id.price * double(nights)"
label: "cost > 300.0 ? 'a long stay' : 'a short stay'"
\`\`\`
`;

const HOTELS: Record<string, Array<{ id: string; name: string; price: number }>> = {
  lisbon: [{ id: "H1", name: "Baixa", price: 120 }, { id: "H2", name: "Palace", price: 400 }],
  porto: [{ id: "H3", name: "Ribeira", price: 90 }],
};

describe("named values at run time", () => {
  const skill = skillFrom(SKILL, TOOLS);

  it("loads: a pick's list, a picked row's property and a value reading a value all type-check", () => {
    expect(checkSkill(skill)).toEqual([]);
  });

  it("offers the rows the value keeps, and works each value out from what it reads now", () => {
    const h = new Host(skill, { search_hotels: (i) => ({ hotels: HOTELS[String(i.city)] }) });
    const grid = h.text("Lisbon", { city: "lisbon" }).effects.find((e) => e.type === "ask");
    expect(grid).toMatchObject({ field: "hotel_id", widget: { rows: [{ id: "H1" }] } });
    h.pick("hotel_id", "H1");
    expect(says(h.text("2", { nights: 2 }))).toEqual(["Baixa: 240 EUR, a short stay."]);
    expect(says(h.text("make it 3", { nights: 3 }))).toEqual(["Baixa: 360 EUR, a long stay."]);
    expect(Object.keys(h.state.answers).sort()).toEqual(["city", "hotel_id", "nights"]);
  });
});
