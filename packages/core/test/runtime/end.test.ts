/**
 * The `end` step: the conversation ends with a named outcome and a status — `tell:` is said, the state
 * and the trace record the outcome, and every later event is answered with one sentence and applies
 * nothing, so no write can run after it. A way that does not reach it runs as written.
 */
import { describe, expect, it } from "vitest";
import { ENDED } from "../../src/runtime/run-end.js";
import { asked, cards, Host, says, skillFrom, T, toolInfo, tools, writes } from "./host.js";

const TOOLS = [
  toolInfo("check_card", "lookup", { card: T.str }, { valid: T.bool, reason: T.str }),
  toolInfo("record_loan", "write", { card: T.str }, { due: T.str }),
];

const SKILL = `---
name: loan
description: Lend a book, or end early when the card cannot borrow.
---

## Fields

\`\`\`yaml
card: { pattern: "^C[0-9]{4}$" }
\`\`\`

## Steps

\`\`\`yaml
- ask: { card: "Card number?" }
- when: "!check_card.valid"
  steps:
    - end: card_invalid
      status: failed
      tell: "Card {card} cannot borrow ({check_card.reason})."
- confirm: { lend: "Lend a book on card {card}?" }
- do: record_loan
- end: loan_recorded
  status: success
  tell: "Due back {record_loan.due}."
\`\`\`
`;

function host(): Host {
  return new Host(skillFrom(SKILL, TOOLS), {
    check_card: ({ card }) => (card === "C9999" ? { valid: false, reason: "expired" } : { valid: true, reason: "" }),
    record_loan: () => ({ due: "2027-04-01" }),
  });
}

describe("end", () => {
  it("says tell:, records the outcome and its status, and finishes the flow", () => {
    const h = host();
    const turn = h.text("C9999", { card: "C9999" });
    expect(says(turn)).toEqual(["Card C9999 cannot borrow (expired)."]);
    expect(turn.trace).toContainEqual({ type: "ended", outcome: "card_invalid", status: "failed", step: "2.1" });
    expect(h.state.ended).toEqual({ outcome: "card_invalid", status: "failed", step: "2.1", turn: 1 });
    expect(h.state.pending).toEqual({ kind: "done" });
    expect(cards(turn)).toEqual([]);
  });

  it("answers every later event with one sentence and applies nothing: no write runs after it", () => {
    const h = host();
    h.text("C9999", { card: "C9999" });
    const before = h.state;
    for (const turn of [h.text("try C1234", { card: "C1234" }), h.press("lend"), h.pick("card", "C1234")]) {
      expect(says(turn)).toEqual([ENDED]);
      expect(tools(turn)).toEqual([]);
      expect(turn.trace.some((t) => t.type === "ended")).toBe(false);
    }
    expect(h.state.answers).toEqual(before.answers);
    expect(h.state.ledger).toEqual(before.ledger);
  });

  it("a way that does not reach an early end runs as written, and ends at the last step with its outcome", () => {
    const h = host();
    expect(cards(h.text("C1234", { card: "C1234" })).map((c) => c.confirm)).toEqual(["lend"]);
    expect(h.state.ended).toBeUndefined();
    const turn = h.press("lend");
    expect(writes(turn)).toEqual(["record_loan"]);
    expect(says(turn)).toContain("Due back 2027-04-01.");
    expect(h.state.ended).toEqual(expect.objectContaining({ outcome: "loan_recorded", status: "success" }));
    expect(says(h.press("lend"))).toEqual([ENDED]);
    expect(h.runs.filter((r) => r.tool === "record_loan")).toHaveLength(1);
  });

  it("before an end is reached, a wrong answer is still refused and asked again", () => {
    const h = host();
    expect(asked(h.text("hello", {}))).toBe("card");
    expect(h.state.ended).toBeUndefined();
  });
});
