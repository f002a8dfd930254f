/**
 * Attacks on what a replay remembers (expression results for identical values, a say instance's digest
 * with its text, `said` shared until a say changes it): rows that alternate inside one replay, tool
 * outputs frozen as well as the state, two deployment keys in one process, the card walk and the
 * verify walk passing say steps before the run does. Each must show exactly what a replay without
 * memos shows.
 */
import { describe, expect, it } from "vitest";
import { digesterFor } from "../../src/runtime/digest.js";
import { FINISHED } from "../../src/runtime/after-the-end.js";
import { step } from "../../src/runtime/step.js";
import { initialState } from "../../src/runtime/initial-state.js";
import { deepFreeze, Host, refusals, says, skillFrom, T, toolInfo, writes, type Fake } from "../runtime/host.js";

const frozen = (fakes: Record<string, Fake>): Record<string, Fake> =>
  Object.fromEntries(Object.entries(fakes).map(([name, fake]) => [name, (i, k) => deepFreeze(fake(i, k))]));

const ROWS_MD = `---
name: rows
description: Rows that alternate.
---
## Fields

\`\`\`yaml
keep: { yes_no: true }
\`\`\`

## Steps

\`\`\`yaml
- do: items
- repeat: { for: item, in: items.rows }
  steps:
    - ask: { keep: "Keep the {item.name}?" }
    - when: "!keep"
      steps:
        - say: "Returning the {item.name} ({item.price > 10})."
- say: "Reviewed {items.rows.size()} rows."
\`\`\`
`;
const row = T.obj({ name: T.str, price: T.int });
const rowsSkill = skillFrom(ROWS_MD, [toolInfo("items", "lookup", {}, { rows: T.list(row) })]);

describe("a repeat whose rows alternate", () => {
  it("evaluates the same condition and holes per row: the same two row objects, answers alternating", () => {
    const lamp = { name: "lamp", price: 30 };
    const cup = { name: "cup", price: 5 };
    // The same objects appear twice (no id: rows are keyed by index), outputs frozen like the state.
    const h = new Host(rowsSkill, frozen({ items: () => ({ rows: [lamp, cup, lamp, cup] }) }));
    const seen: string[][] = [];
    seen.push(says(h.text("start", {})));
    for (const keep of [true, false, false, true]) seen.push(says(h.text(String(keep), { keep })));
    expect(seen).toEqual([[], [], ["Returning the cup (no)."], ["Returning the lamp (yes)."], ["Reviewed 4 rows."]]);
    // A later turn says none of the step texts again (only that the flow is finished); each row kept its own answer.
    const again = h.send({ type: "text", text: "keep it", extraction: { ok: true, values: {} } });
    expect(says(again)).toEqual([FINISHED]);
    expect(Object.keys(h.state.answers).sort()).toEqual(["keep@2:0", "keep@2:1", "keep@2:2", "keep@2:3"]);
  });
});

const SAY_MD = `---
name: say_keys
description: One say.
---
## Fields

\`\`\`yaml
n: { number: { min: 1, max: 9 } }
\`\`\`

## Steps

\`\`\`yaml
- ask: { n: "How many?" }
- say: "You chose {n}."
- ask: { m: "And?" }
\`\`\`
`;
const sayMd = SAY_MD.replace("n: { number: { min: 1, max: 9 } }", "n: { number: { min: 1, max: 9 } }\nm: { number: { min: 1, max: 9 } }");
const saySkill = skillFrom(sayMd, []);

describe("two deployment keys in one process", () => {
  it("gives each key its own say digest, alternating, and a text said under one key counts as said under that key only", () => {
    const keyA = new Uint8Array(32).fill(1);
    const keyB = new Uint8Array(32).fill(2);
    const event = { type: "text" as const, text: "3", extraction: { ok: true as const, values: { n: 3 } } };
    const base = deepFreeze(initialState("f"));
    for (let i = 0; i < 3; i += 1) {
      for (const key of [keyA, keyB]) {
        const result = step(saySkill, base, event, { digestKey: key });
        expect(result.effects.filter((e) => e.type === "say")).toEqual([{ type: "say", text: "You chose 3." }]);
        expect(Object.values(result.state.said)).toEqual([digesterFor(key)(["say", "You chose 3."])]);
      }
    }
    const saidA = step(saySkill, base, event, { digestKey: keyA }).state;
    const again = { type: "text" as const, text: "hm", extraction: { ok: true as const, values: {} } };
    expect(step(saySkill, deepFreeze(saidA), again, { digestKey: keyA }).effects.some((e) => e.type === "say")).toBe(false);
    expect(step(saySkill, saidA, again, { digestKey: keyB }).effects.filter((e) => e.type === "say")).toEqual([{ type: "say", text: "You chose 3." }]);
  });
});

const CARD_MD = `---
name: card_says
description: A say between a confirm and its write, and one after a completed write that a change re-renders.
---
## Fields

\`\`\`yaml
qty: { number: { min: 1, max: 9 } }
note: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { qty: "How many?" }
- do: quote
- confirm: { go: "Buy {qty} for {quote.total}?" }
- say: "Charging {quote.total} now."
- do: charge
- say: "Charged {charge.ref}."
- ask: { note: "Any note?" }
- say: "Noted: {note}, for {quote.total}."
\`\`\`
`;
const cardSkill = skillFrom(CARD_MD.replace("note: { text: true }", "note: { pattern: \"^[a-z ]+$\" }"), [
  toolInfo("quote", "lookup", { qty: T.int }, { total: T.int }),
  toolInfo("charge", "write", { qty: T.int, total: T.int }, { ref: T.str }),
]);

describe("the card walk and the verify walk pass say steps before the run does", () => {
  it("the card walk does not take the say between the confirm and its write for said: the yes shows it", () => {
    const h = new Host(cardSkill, frozen({ quote: (i) => ({ total: (i.qty as number) * 10 }), charge: () => ({ ref: "C1" }) }));
    const card = h.text("two", { qty: 2 });
    expect(says(card)).toEqual([]);
    const yes = h.press("go");
    expect(writes(yes)).toEqual(["charge"]);
    expect(says(yes)).toEqual(["Charging 20 now.", "Charged C1."]);
  });

  it("a change checked by the verify walk (accepted) shows its new texts once; a refused one shows none", () => {
    const h = new Host(cardSkill, frozen({ quote: (i) => ({ total: (i.qty as number) * 10 }), charge: () => ({ ref: "C1" }) }));
    h.text("two", { qty: 2 });
    h.press("go");
    const note = h.text("fragile", { note: "fragile" });
    expect(says(note)).toEqual(["Noted: fragile, for 20."]);
    const changed = h.text("rather handle with care", { note: "handle with care" });
    expect(changed.trace.some((t) => t.type === "change_refused")).toBe(false);
    expect(says(changed)).toEqual(["Noted: handle with care, for 20."]);
    const refused = h.text("three after all", { qty: 3 });
    expect(refusals(refused).join(" ")).toMatch(/charge already ran/);
    expect(says(refused)).toEqual([]);
    expect(says(h.text("hm", {}))).toEqual([FINISHED]);
  });
});
