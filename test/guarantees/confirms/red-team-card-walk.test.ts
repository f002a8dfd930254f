/**
 * Red team, issue 8: writes lost because the card cannot be built. Since issue 8 the card walk goes on
 * past later asks and confirms to the end of the confirm's scope (before, it stopped at the next ask or
 * confirm). On the way it ran every lookup and decided every `when` it did not skip — including ones
 * that read the output of a write the card lists, which has not run yet. The walk then failed, the
 * confirm's card was never shown, and the flow stopped there with an error on every turn, in skills
 * `flow check` accepted. Fixed: a write's output counts like an answer given after the confirm (the
 * card walk passes over what reads it; the checker refuses a write that depends on it under the same
 * confirm, as `unconfirmable-input`).
 */
import { describe, expect, it } from "vitest";
import type { FlowEvent } from "@skillflow/core";
import { Host, T, toolInfo } from "../../../packages/core/test/runtime/host.js";
import { TOOLS, writeOutput } from "./generate-skill.js";
import { cardsOf, diagnosticsOf, loaded, text, writesOf } from "./red-team-skill.js";

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
const WHEN_ON_WRITE = `
- ask: { a: "Which option?" }
- confirm: { pay: "Pay {quote.amount}?" }
- do: charge
- when: 'charge.charged > 100'
  steps:
    - do: note
`;

describe("a lookup after the write, reading its output", () => {
  it("the card is shown and the write runs after the yes; the receipt comes after the rating", () => {
    const host = new Host(RECEIPT_AFTER_RATING, fakes);
    const first = host.send(text({ a: "y" }));
    expect(cardsOf(first).map((c) => c.confirm)).toEqual(["pay"]);
    expect(writesOf(host.send({ type: "press", confirm: "pay", yes: true }))).toEqual(['charge({"amount":150})']);
  });
});

describe("a when on the write's output", () => {
  it("is refused by the checker: the card could not show whether the write under it runs", () => {
    expect(diagnosticsOf(WHEN_ON_WRITE, tools)).toEqual([
      "24 unconfirmable-input: `note` runs only as the condition at line 22 decides, which reads the output of `charge` (line 21), a write that runs after the confirm `pay` (line 20) covering it, so the card cannot show it. Put a second `confirm:` between line 21 and line 24.",
    ]);
  });

  it("with a second confirm after the write, the card is shown and both writes run in order", () => {
    const host = new Host(loaded(`${WHEN_ON_WRITE.replace("    - do: note", "    - confirm: { noted: \"Note it?\" }\n    - do: note")}`, tools), fakes);
    expect(cardsOf(host.send(text({ a: "y" }))).map((c) => c.confirm)).toEqual(["pay"]);
    expect(writesOf(host.send({ type: "press", confirm: "pay", yes: true }))).toEqual(['charge({"amount":150})']);
  });
});
