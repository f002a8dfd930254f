/**
 * Red team, issue 8: writes lost because the card cannot be built. Since issue 8 the card walk goes on
 * past later asks and confirms to the end of the confirm's scope (before, it stopped at the next ask or
 * confirm). On the way it runs every lookup and decides every `when` it does not skip — including ones
 * that read the output of a write the card lists, which has not run yet. The walk then fails, the
 * confirm's card is never shown, and the flow stops there with an error on every turn, in skills
 * `flow check` accepts. Both are `it.fails`: the fix is the lead's (see the report).
 */
import { describe, expect, it } from "vitest";
import type { FlowEvent } from "@skillflow/core";
import { Host, T, toolInfo } from "../../../packages/core/test/runtime/host.js";
import { TOOLS, writeOutput } from "./generate-skill.js";
import { cardsOf, errorsOf, loaded, text, writesOf } from "./red-team-skill.js";

const tools = { ...TOOLS, receipt: toolInfo("receipt", "lookup", { charged: T.int }, { url: T.str }) };
const fakes = {
  quote: ({ a }: Record<string, unknown>) => ({ amount: a === "x" ? 50 : 150, rows: [] }),
  receipt: ({ charged }: Record<string, unknown>) => ({ url: `https://r.example/${String(charged)}` }),
  charge: (inputs: Record<string, unknown>) => writeOutput("charge", inputs),
  note: (inputs: Record<string, unknown>) => writeOutput("note", inputs),
};

/** Pay, rate, then look the receipt up: natural, and it loaded and ran before issue 8. */
const RECEIPT_AFTER_RATING = loaded(`
- ask: { a: "Which option?" }
- confirm: { pay: "Pay {quote.amount}?" }
- do: charge
- ask: { rating: "How would you rate us?" }
- do: receipt
- say: "Your receipt: {receipt.url}"
`, tools);

/** A write under a condition on an earlier write's output, in the same region. */
const WHEN_ON_WRITE = loaded(`
- ask: { a: "Which option?" }
- confirm: { pay: "Pay {quote.amount}?" }
- do: charge
- when: 'charge.charged > 100'
  steps:
    - do: note
`, tools);

describe("a lookup after the write, reading its output", () => {
  it.fails("the card is shown and the write runs after the yes", () => {
    const host = new Host(RECEIPT_AFTER_RATING, fakes);
    const first = host.send(text({ a: "y" }));
    expect(cardsOf(first).map((c) => c.confirm)).toEqual(["pay"]);
    expect(writesOf(host.send({ type: "press", confirm: "pay", yes: true }))).toEqual(['charge({"amount":150})']);
  });

  it("today: the card walk runs the receipt lookup before charge has run, and the flow stops there on every turn", () => {
    const host = new Host(RECEIPT_AFTER_RATING, fakes);
    for (const event of [text({ a: "y" }), { type: "press", confirm: "pay", yes: true } as FlowEvent, text({})]) {
      const turn = host.send(event);
      expect(errorsOf(turn)).toEqual(["Cannot run receipt: it needs a value for charged, and none is known yet."]);
      expect(cardsOf(turn)).toEqual([]);
    }
  });
});

describe("a when on the write's output", () => {
  it.fails("the card is shown and the write runs after the yes", () => {
    const host = new Host(WHEN_ON_WRITE, fakes);
    expect(cardsOf(host.send(text({ a: "y" }))).map((c) => c.confirm)).toEqual(["pay"]);
  });

  it("today: the card walk cannot decide the condition, and the flow stops there on every turn", () => {
    const host = new Host(WHEN_ON_WRITE, fakes);
    const turn = host.send(text({ a: "y" }));
    expect(errorsOf(turn)).toEqual(["Cannot decide `charge.charged > 100` (step 4): `charge` has no value yet"]);
    expect(cardsOf(turn)).toEqual([]);
  });
});
