/**
 * Red team, issue 8: `repeat` with a confirm per row and a confirm above the loop. The confirm above
 * lists every row's write; each row's confirm lists its own; both are needed for each row. A per-row ask
 * of something the write does not take leaves the confirm above in force; one it takes ends it. And a
 * list whose rows share an id must not make a row's write disappear.
 */
import { describe, expect, it } from "vitest";
import type { FlowEvent } from "@skillflow/core";
import { Host, T, toolInfo } from "../../../packages/core/test/runtime/host.js";
import { Session } from "./observe-session.js";
import { cardsOf, errorsOf, listed, loaded, text, writesOf } from "./red-team-skill.js";
import { TOOLS } from "./generate-skill.js";

const press = (confirm: string, card?: string): FlowEvent => ({ type: "press", confirm, yes: true, ...(card ? { card } : {}) });

const PER_ROW = loaded(`
- ask: { a: "Which option?" }
- confirm: { all: "Buy every item?" }
- repeat: { for: it, in: quote.rows }
  steps:
    - ask: { rating: "How do you like {it.id}?" }
    - confirm: { row: "Buy {it.id} for {it.price}?" }
    - do: buy
- do: note
`);

describe("a confirm above a repeat and one in each row", () => {
  it("the confirm above lists every row; each row still needs its own yes; an ask the writes do not take ends nothing", () => {
    const s = new Session(PER_ROW);
    const all = cardsOf(s.send(text({ a: "y" })))[0];
    expect(listed(all)).toEqual([
      'buy({"it":{"id":"R1","price":20}})', 'buy({"it":{"id":"R2","price":30}})', 'note({})',
    ]);
    s.send(press("all", all!.digest));
    const row1 = cardsOf(s.send(text({ rating: 4 })))[0];
    expect(listed(row1)).toEqual(['buy({"it":{"id":"R1","price":20}})']);
    expect(writesOf(s.send(press("row", row1!.digest)))).toEqual(['buy({"it":{"id":"R1","price":20}})']);
    // Row 2's card must be answered too: a press with row 1's digest is stale.
    const row2 = cardsOf(s.send(text({ rating: 5 })))[0];
    expect(writesOf(s.send(press("row", row1!.digest)))).toEqual([]);
    expect(writesOf(s.send(press("row", row2!.digest)))).toEqual(['buy({"it":{"id":"R2","price":30}})', "note({})"]);
  });

  it("a change of the list after the yes above (one row fewer) voids it before any row runs", () => {
    const s = new Session(PER_ROW);
    const all = cardsOf(s.send(text({ a: "y" })))[0];
    s.send(press("all", all!.digest));
    const changed = cardsOf(s.send(text({ a: "x" })))[0];
    expect(changed?.confirm).toBe("all");
    expect(listed(changed)).toEqual(['buy({"it":{"id":"R1","price":10}})', "note({})"]);
    expect(writesOf(s.send(press("all", all!.digest)))).toEqual([]);
  });
});

const QUANTITY = loaded(`
- ask: { a: "Which option?" }
- confirm: { all: "Go ahead for every item?" }
- repeat: { for: it, in: quote.rows }
  steps:
    - ask: { n: "How many of {it.id}?" }
    - confirm: { row: "Hold {n} of {it.id}?" }
    - do: hold
    - do: buy
`);

describe("a per-row ask of something a write takes", () => {
  it("ends the confirm above for that write only: its card lists every row's buy, and no hold", () => {
    const s = new Session(QUANTITY);
    const all = cardsOf(s.send(text({ a: "y" })))[0];
    // Each row asks n before its writes: hold takes n, so `all` covers no hold; buy takes only the row.
    expect(listed(all)).toEqual(['buy({"it":{"id":"R1","price":20}})', 'buy({"it":{"id":"R2","price":30}})']);
    s.send(press("all"));
    const row1 = cardsOf(s.send(text({ n: 2 })))[0];
    expect(listed(row1)).toEqual(['hold({"n":2})', 'buy({"it":{"id":"R1","price":20}})']);
    expect(writesOf(s.send(press("row")))).toEqual(['hold({"n":2})', 'buy({"it":{"id":"R1","price":20}})']);
  });
});

describe("a list whose rows share an id", () => {
  const tools = { ...TOOLS, rows: toolInfo("rows", "lookup", { a: T.str }, { items: T.list(T.obj({ id: T.str, price: T.int })) }) };
  const skill = loaded(`
- ask: { a: "Which option?" }
- repeat: { for: it, in: rows.items }
  steps:
    - confirm: { row: "Buy {it.id} for {it.price}?" }
    - do: buy
`, tools);

  it("is refused with a clear error: no row's confirm passes unseen, no row's write is skipped as done", () => {
    const host = new Host(skill, {
      rows: () => ({ items: [{ id: "R1", price: 10 }, { id: "R1", price: 99 }] }),
      buy: ({ it }) => ({ bought: String((it as { id: string }).id) }),
    });
    // Before: both rows had the scope `2:R1`, so the second row's card listed the first row's completed
    // buy, passed as "all writes done", and the flow said done — the 99 row was never shown nor bought.
    const turn = host.send(text({ a: "x" }));
    expect(errorsOf(turn)).toEqual(["`rows.items` (step 2) has two rows with the id R1: each row needs an id of its own, or their answers, confirmations and writes would be mixed up."]);
    expect(cardsOf(turn)).toEqual([]);
    const pressed = host.send(press("row"));
    expect(writesOf(pressed)).toEqual([]);
    expect(pressed.effects.some((e) => e.type === "done")).toBe(false);
  });
});
