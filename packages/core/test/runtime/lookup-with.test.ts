/**
 * `with:` on a `do:` of a lookup binds its inputs from expressions wherever it runs or its output is read:
 * the lookup receives the expression's value (not the answer or row property of the input's name), its
 * result is cached under those inputs, and it runs again when the expression's value changes. The case of
 * issue 38: a rebooking searched each leg's old date (the row's `date`) instead of the new one.
 */
import { describe, expect, it } from "vitest";
import { errors, Host, says, skillFrom, T, toolInfo, type Turn } from "./host.js";

const TOOLS = [
  toolInfo("find_booking", "lookup", { booking_id: T.str }, { legs: T.list(T.obj({ id: T.str, origin: T.str, date: T.str })) }),
  toolInfo("search_seats", "lookup", { origin: T.str, date: T.str }, { seats: T.int }),
];

const skillText = (steps: string) => `---
name: rebook
description: Move a booking to another day.
---

## Fields

\`\`\`yaml
booking_id: { text: true }
new_date: { text: true }
\`\`\`

## Steps

\`\`\`yaml
${steps.trim()}
\`\`\`
`;

const STEPS = `
- ask: { booking_id: "Which booking?" }
- ask: { new_date: "Which day instead?" }
- repeat: { for: leg, in: find_booking.legs }
  steps:
    - do: search_seats
      with: { date: new_date }
    - say: "{leg.origin} on {new_date}: {search_seats.seats} seats."
- ask: { booking_id: "Anything else?" }
`;

function host(steps = STEPS): Host {
  return new Host(skillFrom(skillText(steps), TOOLS), {
    find_booking: () => ({ legs: [{ id: "L1", origin: "LIS", date: "2026-05-01" }, { id: "L2", origin: "OPO", date: "2026-05-03" }] }),
    search_seats: (i) => ({ seats: `${i.origin} ${i.date}` === "LIS 2026-06-10" ? 4 : i.date === "2026-06-10" ? 2 : 9 }),
  });
}

const searched = (turn: Turn) => turn.calls.filter((c) => c.tool === "search_seats").map((c) => c.inputs);

describe("with: on a lookup", () => {
  it("the lookup receives the bound value, the row's other properties by name, and every read sees that result", () => {
    const h = host();
    h.text("B1", { booking_id: "B1" });
    const turn = h.text("the 10th of June", { new_date: "2026-06-10" });
    expect(searched(turn)).toEqual([{ origin: "LIS", date: "2026-06-10" }, { origin: "OPO", date: "2026-06-10" }]);
    expect(says(turn)).toEqual(["LIS on 2026-06-10: 4 seats.", "OPO on 2026-06-10: 2 seats."]);
  });

  it("runs again when the bound expression's value changes, and not when it does not", () => {
    const h = host();
    h.text("B1", { booking_id: "B1" });
    h.text("the 10th of June", { new_date: "2026-06-10" });
    const same = h.text("yes, the 10th", { new_date: "2026-06-10" });
    expect(searched(same)).toEqual([]);
    const changed = h.text("no, the 11th", { new_date: "2026-06-11" });
    expect(searched(changed)).toEqual([{ origin: "LIS", date: "2026-06-11" }, { origin: "OPO", date: "2026-06-11" }]);
    expect(says(changed)).toEqual(["LIS on 2026-06-11: 9 seats.", "OPO on 2026-06-11: 9 seats."]);
  });

  it("binds the lookup where its output is read before its do: too", () => {
    const h = host(`
- ask: { booking_id: "Which booking?" }
- ask: { new_date: "Which day instead?" }
- repeat: { for: leg, in: find_booking.legs }
  steps:
    - say: "{leg.origin}: {search_seats.seats} seats."
- do: search_seats
  with: { date: new_date, origin: '"LIS"' }
- ask: { booking_id: "Anything else?" }
`);
    h.text("B1", { booking_id: "B1" });
    const turn = h.text("the 10th of June", { new_date: "2026-06-10" });
    expect(searched(turn)).toEqual([{ origin: "LIS", date: "2026-06-10" }]);
    expect(says(turn)).toEqual(["LIS: 4 seats.", "OPO: 4 seats."]);
  });

  it("stops with an error, never a loop, when a lookup's with: reads the lookup itself (a skill that skipped the checker)", () => {
    const h = host(`
- ask: { booking_id: "Which booking?" }
- do: search_seats
  with: { date: '"2026-06-" + string(search_seats.seats)', origin: '"LIS"' }
- ask: { new_date: "Which day instead?" }
`);
    const turn = h.text("B1", { booking_id: "B1" });
    expect(searched(turn)).toEqual([]);
    expect(errors(turn)).toEqual(["Cannot run search_seats: its `with:` reads search_seats itself, so its inputs wait on its own output."]);
  });
});
