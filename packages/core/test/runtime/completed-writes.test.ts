/**
 * A completed write never silently disagrees with later writes: a change that would alter the inputs
 * of a write already done (directly, or through the lookups it reads) is refused as a whole — the state
 * stays as it was, the reply names the booking and the value it ran with, and the trace records it.
 * Detected by a trial replay of the changed state (running any lookup the new values need).
 */
import { describe, expect, it } from "vitest";
import { cards, errors, Host, refusals, says, skillFrom, T, toolInfo, tools, writes } from "./host.js";
import { toCheckout, tripHost } from "./trip-fixture.js";

/** The trip with reserve_cab failing once: hold_flight and hold_hotel done for `nights`, the cab failed. */
function halfBooked(nights = 3): Host {
  let cabFails = 1;
  const host = tripHost({
    reserve_cab: () => {
      if (cabFails-- > 0) throw new Error("no cabs available");
      return { cab: "C-2" };
    },
  });
  toCheckout(host, nights);
  host.press("pay");
  return host;
}

describe("a change that would alter a completed write", () => {
  it("is refused as a whole: the answer, the card and the next payment stay as they were", () => {
    const host = halfBooked(3);
    expect(host.state.ledger["10"]).toMatchObject({ tool: "hold_hotel", status: "done", inputs: { nights: 3 } });
    const before = host.state;
    const turn = host.text("make it 4 nights", { nights: 4 });
    expect(refusals(turn)).toEqual(["hold_hotel already ran with nights 3, so nights cannot change now."]);
    expect(host.state.answers.nights.value).toBe(3);
    expect(host.state.confirmations).toEqual(before.confirmations);
    expect(writes(turn)).toEqual([]);
    const [card] = cards(turn);
    expect(card.question).toBe("Pay 900 EUR?");
    expect(card.writes.find((w) => w.tool === "take_payment")?.inputs).toEqual({ total: 900 });
    const pay = host.press("pay");
    expect(writes(pay)).toEqual(["reserve_cab", "take_payment"]);
    expect(pay.calls.find((c) => c.tool === "take_payment")?.inputs).toEqual({ total: 900 });
  });

  it("records the refusal in the trace: the field, the write and the value it ran with", () => {
    const host = halfBooked(3);
    const turn = host.text("make it 4 nights", { nights: 4 });
    expect(turn.trace).toContainEqual({
      type: "refused", field: "nights", message: "hold_hotel already ran with nights 3, so nights cannot change now.",
    });
    expect(turn.trace).toContainEqual({
      type: "change_refused",
      fields: ["nights"],
      writes: [{ tool: "hold_hotel", instance: "10", inputs: ["nights"] }],
      message: "hold_hotel already ran with nights 3, so nights cannot change now.",
    });
  });

  it("another answer a completed write takes directly is refused the same way", () => {
    const host = halfBooked(3);
    const turn = host.text("premium please", { cabin: "premium" });
    expect(refusals(turn)).toEqual(["hold_flight already ran with cabin economy, so cabin cannot change now."]);
    expect(host.state.answers.cabin.value).toBe("economy");
  });

  it("a pick that would clear a completed write's input is refused, and the old pick stays", () => {
    const host = halfBooked(3);
    const turn = host.pick("flight_id", "TP2");
    expect(refusals(turn)).toEqual(["hold_flight already ran with flight_id TP1, so flight_id cannot change now."]);
    expect(host.state.answers.flight_id.value).toBe("TP1");
    expect(host.state.pending?.kind).toBe("confirm");
  });
});

const PLAN_MD = `---
name: plan
description: Change a plan and notify.
---
## Fields

\`\`\`yaml
plan: { choices: [basic, pro] }
note: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { plan: "Which plan?" }
- ask: { note: "A note for the team?" }
- confirm: { go: "Switch to {plan} for {quote.price} EUR?" }
- do: reserve
- do: notify
\`\`\`
`;

const planSkill = skillFrom(PLAN_MD, [
  toolInfo("quote", "lookup", { plan: T.str }, { price: T.int }),
  toolInfo("reserve", "write", { price: T.int }, { ref: T.str }),
  toolInfo("notify", "write", { note: T.str }, { sent: T.bool }),
]);

/** reserve done at 10 EUR (basic); notify failed once. */
function planHost(quote: (plan: unknown) => unknown = (plan) => ({ price: plan === "pro" ? 30 : 10 })): Host {
  let notifyFails = 1;
  const host = new Host(planSkill, {
    quote: ({ plan }) => quote(plan),
    reserve: () => ({ ref: "R-1" }),
    notify: () => {
      // Nothing was sent (the tool says so, as ToolRejected does), so a correction may change it.
      if (notifyFails-- > 0) throw Object.assign(new Error("mail is down"), { rejected: true });
      return { sent: true };
    },
  });
  host.text("basic, note hi", { plan: "basic", note: "hi" });
  host.press("go");
  return host;
}

describe("through the lookups a completed write reads", () => {
  it("refuses a change that alters a completed write's input by way of a lookup, after running that lookup", () => {
    const host = planHost();
    expect(host.state.ledger["4"]).toMatchObject({ tool: "reserve", status: "done", inputs: { price: 10 } });
    const turn = host.text("pro instead", { plan: "pro" });
    expect(tools(turn)).toEqual(["quote"]);
    expect(refusals(turn)).toEqual(["reserve already ran with price 10, so plan cannot change now."]);
    expect(host.state.answers.plan.value).toBe("basic");
    expect(cards(turn)[0].question).toBe("Switch to basic for 10 EUR?");
  });

  it("accepts a change that touches only writes not yet done", () => {
    const host = planHost();
    const turn = host.text("note: hello", { note: "hello" });
    expect(refusals(turn)).toEqual([]);
    expect(host.state.answers.note.value).toBe("hello");
    expect(cards(turn)[0].writes.find((w) => w.tool === "notify")?.inputs).toEqual({ note: "hello" });
    expect(writes(host.press("go"))).toEqual(["notify"]);
  });

  it("refuses when a lookup it needs to check the change fails, and changes nothing", () => {
    const host = planHost((plan) => {
      if (plan === "pro") throw new Error("pricing is down");
      return { price: 10 };
    });
    const turn = host.text("pro instead", { plan: "pro" });
    expect(refusals(turn)).toEqual([
      "This change could not be checked against the bookings already made (quote failed: pricing is down), so nothing was changed.",
    ]);
    expect(host.state.answers.plan.value).toBe("basic");
    expect(errors(turn)).toEqual([]);
  });

  it("a change that does not touch any answer runs no trial", () => {
    const host = planHost();
    const turn = host.text("ok", {});
    expect(tools(turn)).toEqual([]);
    expect(says(turn)).toEqual([]);
    expect(refusals(turn)).toEqual([]);
  });
});
