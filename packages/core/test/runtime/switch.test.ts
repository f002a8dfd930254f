/**
 * The runtime walk of `switch` and `when … else`: exactly one way runs, the one the value names (or
 * `else:`), decided again on every replay, so a changed answer takes the other way from then on; a
 * write after the switch runs once, covered by the confirm of the way taken.
 */
import { describe, expect, it } from "vitest";
import { asked, Host, skillFrom, T, toolInfo } from "./host.js";

const PAY_MD = `---
name: pay
description: Take a payment by card or gift card.
---
## Fields

\`\`\`yaml
method: { choices: [card, gift, cash] }
card_last4: { pattern: "^[0-9]{4}$" }
gift_id: { pattern: "^G-[0-9]+$" }
vip: { yes_no: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { method: "Card, gift card or cash?" }
- switch: method
  cases:
    card:
      - ask: { card_last4: "Last four digits of the card?" }
      - confirm: { pay_card: "Charge the card ending {card_last4}?" }
    gift:
      - ask: { gift_id: "Gift card number?" }
      - confirm: { pay_gift: "Use gift card {gift_id}?" }
  else:
    - say: "Cash is paid at the desk."
    - confirm: { pay_cash: "Note a cash payment?" }
- do: charge
- ask: { vip: "Are you a member?" }
- when: vip
  steps:
    - say: "Thanks for being a member."
  else:
    - say: "Ask about membership at the desk."
\`\`\`
`;

const skill = skillFrom(PAY_MD, [toolInfo("charge", "write", { method: T.str }, { receipt: T.str })]);
const host = () => new Host(skill, { charge: ({ method }) => ({ receipt: `R-${String(method)}` }) });
const said = (turn: ReturnType<Host["text"]>) =>
  turn.effects.flatMap((e) => (e.type === "say" ? [e.text] : e.type === "ask" ? [e.question] : e.type === "confirm" ? [e.card.question] : []));

describe("switch at run time", () => {
  it("runs the case the value names, and only that one", () => {
    const h = host();
    expect(asked(h.text("gift card", { method: "gift" }))).toBe("gift_id");
    const turn = h.text("G-42", { gift_id: "G-42" });
    expect(said(turn).join(" ")).toContain("Use gift card G-42?");
    expect(h.press("pay_gift").calls.map((c) => [c.tool, c.inputs])).toEqual([["charge", { method: "gift" }]]);
  });

  it("runs else for a value no case names", () => {
    const h = host();
    const turn = h.text("cash", { method: "cash" });
    expect(said(turn)).toContain("Cash is paid at the desk.");
    expect(said(turn).join(" ")).toContain("Note a cash payment?");
  });

  it("decides again on every replay: a changed answer takes the other way", () => {
    const h = host();
    expect(asked(h.text("card", { method: "card" }))).toBe("card_last4");
    expect(asked(h.text("actually a gift card", { method: "gift" }))).toBe("gift_id");
    h.text("G-7", { gift_id: "G-7" });
    // The card way's confirm is not on the path any more: pressing it releases nothing.
    expect(h.press("pay_card").calls).toEqual([]);
    expect(h.press("pay_gift").calls.map((c) => c.tool)).toEqual(["charge"]);
  });

  it("runs the steps of a when for true and its else for false, each time as the answer is", () => {
    const h = host();
    h.text("cash", { method: "cash" });
    h.press("pay_cash");
    expect(said(h.text("no", { vip: false }))).toContain("Ask about membership at the desk.");
    const changed = h.text("oh wait, I am a member", { vip: true });
    expect(said(changed)).toContain("Thanks for being a member.");
    expect(said(changed)).not.toContain("Ask about membership at the desk.");
  });
});

describe("switch on a whole number", () => {
  const SEATS_MD = `---
name: seats
description: Seats.
---
## Fields

\`\`\`yaml
seats: { number: { min: 1, max: 9 } }
\`\`\`

## Steps

\`\`\`yaml
- ask: { seats: "How many seats?" }
- switch: seats
  cases:
    1:
      - say: "A single seat."
    2:
      - say: "A pair."
  else:
    - say: "A group of {seats}."
\`\`\`
`;
  const seats = skillFrom(SEATS_MD, []);

  it("names the case by the number as written", () => {
    expect(said(new Host(seats, {}).text("two", { seats: 2 }))).toContain("A pair.");
    expect(said(new Host(seats, {}).text("five", { seats: 5 }))).toContain("A group of 5.");
  });
});
