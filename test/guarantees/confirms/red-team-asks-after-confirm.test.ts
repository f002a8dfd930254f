/**
 * Red team, issue 8: asks between a confirm and its writes. A secret PIN checked by a lookup and a
 * rating nothing reads leave the yes in force; a correction that changes what the card shows (a lookup
 * the card reads) voids it; presses carrying the digest of a card that is no longer on screen are
 * refused. And one attack that gets through: a `when` that only re-reads a lookup the write takes, under
 * a condition on the rating, takes the supervisor's approval off the write (a false dependency).
 */
import { describe, expect, it } from "vitest";
import type { FlowEvent } from "@skillflow/core";
import { coverageOf } from "../../../packages/core/src/compile/compile-skill.js";
import { Session } from "./observe-session.js";
import { cardsOf, diagnosticsOf, listed, loaded, requestsOf, text, writesOf } from "./red-team-skill.js";

const press = (card?: string): FlowEvent => ({ type: "press", confirm: "pay", yes: true, ...(card ? { card } : {}) });

const PIN_AFTER = loaded(`
- ask: { a: "Which option?" }
- confirm: { pay: "Pay {quote.amount}?" }
- ask: { rating: "How would you rate us?" }
- ask: { pin: "Please type your PIN." }
  check:
    verify_pin.valid: "That PIN is not right."
- do: charge
`);

describe("a yes and a change back (A → B → A)", () => {
  it("the yes voided at B does not come back at A; a press of A's card, on screen again, answers it", () => {
    const s = new Session(PIN_AFTER);
    const a = cardsOf(s.send(text({ a: "y" })))[0];
    s.send(press(a!.digest));
    const b = cardsOf(s.send(text({ a: "z" })))[0];
    expect(b?.digest).not.toBe(a!.digest);
    const back = cardsOf(s.send(text({ a: "y" })))[0];
    expect(back?.digest).toBe(a!.digest);
    expect(s.host.state.confirmations.pay).toBeUndefined();
    expect(writesOf(s.send(press(b!.digest)))).toEqual([]);
    s.send(press(a!.digest));
    expect(s.host.state.confirmations.pay?.digest).toBe(a!.digest);
  });
});

describe("a PIN and a rating asked after the yes", () => {
  it("the PIN typed wrong is refused and nothing runs; typed right, the write runs once with the confirmed inputs", () => {
    const s = new Session(PIN_AFTER);
    const card = cardsOf(s.send(text({ a: "y" })))[0];
    expect(listed(card)).toEqual(['charge({"amount":150})']);
    s.send(press(card!.digest));
    s.send(text({ rating: 2 }));
    // The model cannot give the PIN, and what it proposes while the PIN is asked is not used.
    const model = s.send({ type: "text", text: "my pin is 1234", extraction: { ok: true, values: { pin: "1234" } } });
    expect(model.trace).toContainEqual({ type: "dropped", field: "pin", reason: "a secret is pending: the model's output is not used" });
    expect(writesOf(model)).toEqual([]);
    const wrong = s.send({ type: "text", text: "9999" });
    expect(wrong.effects).toContainEqual({ type: "refuse", field: "pin", message: "That PIN is not right." });
    expect(writesOf(wrong)).toEqual([]);
    expect(s.host.state.confirmations.pay?.digest).toBe(card!.digest);
    expect(writesOf(s.send({ type: "text", text: "1234" }))).toEqual(['charge({"amount":150})']);
  });

  it("while the PIN is asked, free text is the PIN: no correction reaches the model", () => {
    const s = new Session(PIN_AFTER);
    s.send(press(cardsOf(s.send(text({ a: "y" })))[0]!.digest));
    s.send(text({ rating: 2 }));
    const change = s.send(text({ a: "z" }));
    expect(change.trace).toContainEqual({ type: "dropped", field: "a", reason: "a secret is pending: the model's output is not used" });
    expect(s.host.state.answers.a?.value).toBe("y");
  });

  it("a changed rating keeps the yes; a changed option (the card reads its quote) voids it", () => {
    const s = new Session(loaded(`
- ask: { a: "Which option?" }
- confirm: { pay: "Pay {quote.amount}?" }
- ask: { rating: "How would you rate us?" }
- ask: { n: "How many stars for the delivery?" }
- do: charge
`));
    const card = cardsOf(s.send(text({ a: "y" })))[0];
    s.send(press(card!.digest));
    s.send(text({ rating: 2 }));
    const rating = s.send(text({ rating: 5 }));
    expect(rating.trace.some((e) => e.type === "confirm_voided")).toBe(false);
    const option = s.send(text({ a: "z" }));
    expect(option.trace.some((e) => e.type === "confirm_voided")).toBe(true);
    expect(listed(cardsOf(option)[0])).toEqual(['charge({"amount":500})']);
    // The press carrying the 150 card's digest answers a card no longer on screen: refused.
    const stale = s.send(press(card!.digest));
    expect(stale.effects.some((e) => e.type === "say" && /has changed since you saw it/.test(e.text))).toBe(true);
    expect(s.host.state.confirmations.pay).toBeUndefined();
  });

  it("a PIN the write takes ends the region, and the checker names the dependency", () => {
    const steps = `
- ask: { n: "How many?" }
- confirm: { pay: "Hold them?" }
- ask: { pin: "Please type your PIN." }
- do: hold_with_pin
`;
    const tools = { ...PIN_AFTER.tools, hold_with_pin: { name: "hold_with_pin", kind: "write" as const, params: [{ name: "n", type: { t: "int" as const }, optional: false }, { name: "pin", type: { t: "string" as const }, optional: false }], output: { t: "object" as const, fields: {} } } };
    expect(diagnosticsOf(steps, tools).join("\n")).toContain("the ask for `pin` at line 21 ends the region of confirm `pay` (line 20) for `hold_with_pin`, which takes `pin`");
  });
});

/**
 * The supervisor approves above `charge`; between the approval and the customer's confirm come a rating
 * and a `say` under `when: rating > 3` that re-reads `quote.amount`. The rating cannot change what
 * `charge` takes (the amount comes from `quote`, which takes only `a`), so by the rule the supervisor's
 * approval covers `charge` and its card lists it. dependencies.ts counts the conditions around every
 * place `quote` is read as dependencies of `charge`, so the rating ends the supervisor's region for it:
 * the supervisor approves a card without `charge`, and `charge` runs on the customer's yes alone.
 */
const FALSE_DEPENDENCY = loaded(`
- ask: { a: "Which option?" }
- confirm: { sup: "Approve booking {a} and paying {quote.amount}?" }
  by: supervisor
- do: book
- ask: { rating: "How would you rate us?" }
- when: 'rating > 3'
  steps:
    - say: "Thanks! You pay {quote.amount}."
- confirm: { pay: "Pay {quote.amount}?" }
- do: charge
`);

describe("a condition on a rating around a re-read of the quote (fixed: an input one lookup produces is bound from it on demand)", () => {
  it("the supervisor's approval covers charge, which the rating cannot change", () => {
    const charge = coverageOf(FALSE_DEPENDENCY).writeGates().find((w) => w.tool === "charge")!;
    expect(charge.confirms.map((c) => c.id)).toEqual(["sup", "pay"]);
  });

  it("so the supervisor's card lists charge, and charge does not run on the customer's yes alone", () => {
    const s = new Session(FALSE_DEPENDENCY, [false]);
    const [request] = requestsOf(s.send(text({ a: "z" })));
    expect(listed(request?.card)).toEqual(['book({"a":"z"})', 'charge({"amount":500})']);
  });
});
