/**
 * Issue 38, part E: `check:` on a `repeat` with `as:` — a check across the loop's passes — and correcting
 * one pass. The worked example is test/fixtures/loops/split-payment: a booking of 300.00 paid with
 * several payment methods, whose amounts must add up to the total. Before this, the amounts could not be
 * checked together, a correction of one amount after the loop was dropped, and picking the same methods
 * again kept the old amounts: the person was stuck. Each attack on the check is kept here as a test.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import { readTypedAnswer } from "../../src/runtime/read-typed-answer.js";
import { understandingContext } from "../../src/runtime/understanding-context.js";
import type { Effect } from "../../src/runtime/types.js";
import { asked, cards, dropped, errors, Host, refusals, skillFrom, T, toolInfo, writes, type Turn } from "./host.js";

const FIXTURE = readFileSync(new URL("../../../../test/fixtures/loops/split-payment/SKILL.md", import.meta.url), "utf8");
const METHODS = [
  { id: "visa-4242", name: "Visa ending 4242" },
  { id: "gift-77", name: "Gift card 77" },
  { id: "amex-1005", name: "Amex ending 1005" },
];
const TOOLS = [
  toolInfo("find_booking", "lookup", { booking_id: T.str }, { total: T.dbl, methods: T.list(T.obj({ id: T.str, name: T.str })) }),
  { ...toolInfo("charge_payments", "write", { booking_id: T.str, method_ids: T.list(T.str), amounts: T.list(T.dbl) }, { receipt: T.str }), card: "Charge {amounts} on {method_ids} for booking {booking_id}" },
];

function host(text = FIXTURE) {
  return new Host(skillFrom(text, TOOLS), {
    find_booking: () => ({ total: 300, methods: METHODS }),
    charge_payments: (i) => ({ receipt: `R-${(i.amounts as number[]).join("+")}` }),
  });
}
const question = (turn: Turn) => turn.effects.filter((e): e is Extract<Effect, { type: "ask" }> => e.type === "ask").at(-1);
const charged = (h: Host) => h.runs.filter((r) => r.kind === "write").map((r) => r.inputs);

/** Booking B1, the methods picked, then one amount per pass in order. */
function upToCheck(h: Host, ids: string[], amounts: number[]): Turn {
  h.text("booking B1", { booking_id: "B1" });
  let turn = h.pick("method_ids", ids);
  for (const amount of amounts) turn = h.text(String(amount), { amount });
  return turn;
}

describe("repeat … check: — the passes checked together after the loop", () => {
  it("loads clean, and amounts that add up go straight on to the card", () => {
    const h = host();
    expect(checkSkill(h.skill)).toEqual([]);
    const turn = upToCheck(h, ["visa-4242", "gift-77"], [200, 100]);
    expect(cards(turn)[0]!.question).toBe("Charge Visa ending 4242 200.00, Gift card 77 100.00 for booking B1?");
    h.press("pay");
    expect(charged(h)).toEqual([{ booking_id: "B1", method_ids: ["visa-4242", "gift-77"], amounts: [200, 100] }]);
  });

  it("amounts that do not add up show the check's message and ask which payment to change, with the loop's elements as rows", () => {
    const h = host();
    const turn = upToCheck(h, ["visa-4242", "gift-77"], [200, 50]);
    expect(cards(turn)).toEqual([]);
    const ask = question(turn)!;
    expect(ask.field).toBe("payments");
    expect(ask.question).toBe("Those add up to 250.00, not 300.00. Which one do you want to change?");
    expect(ask.widget).toEqual({
      name: "list", kind: "grid", field: "payments",
      rows: [{ id: "visa-4242", name: "Visa ending 4242", amount: 200 }, { id: "gift-77", name: "Gift card 77", amount: 50 }],
    });
    expect(writes(turn)).toEqual([]);
  });

  it("the pass picked is cleared and asked again, the others keep their answers, and the check runs again", () => {
    const h = host();
    upToCheck(h, ["visa-4242", "gift-77"], [200, 50]);
    const again = h.pick("payments", "gift-77");
    expect(question(again)!.question).toBe("How much goes on Gift card 77?");
    expect(Object.keys(h.state.answers).filter((k) => k.startsWith("amount@"))).toEqual(["amount@3:visa-4242"]);
    const still = h.text("60", { amount: 60 });
    expect(question(still)!.question).toBe("Those add up to 260.00, not 300.00. Which one do you want to change?");
    h.pick("payments", "visa-4242");
    const card = cards(h.text("240", { amount: 240 }))[0]!;
    expect(card.writes[0]!.inputs).toEqual({ booking_id: "B1", method_ids: ["visa-4242", "gift-77"], amounts: [240, 60] });
  });

  it("typed words that name one payment pick it with no model; words naming none are left to the model", () => {
    const h = host();
    upToCheck(h, ["visa-4242", "gift-77"], [200, 50]);
    expect(readTypedAnswer(h.skill, h.state, "the gift card")).toEqual({ event: { type: "pick", field: "payments", value: "gift-77" } });
    expect(readTypedAnswer(h.skill, h.state, "Visa ending 4242")).toEqual({ event: { type: "pick", field: "payments", value: "visa-4242" } });
    expect(readTypedAnswer(h.skill, h.state, "why?")).toBeUndefined();
  });

  it("a pick that names no pass (a method not in the loop) is refused and the question stays", () => {
    const h = host();
    upToCheck(h, ["visa-4242", "gift-77"], [200, 50]);
    const turn = h.pick("payments", "amex-1005");
    expect(refusals(turn)).toEqual(["That is not one of the ones listed. Pick one of them to change."]);
    expect(asked(turn)).toBe("payments");
    expect(Object.keys(h.state.answers).filter((k) => k.startsWith("amount@"))).toHaveLength(2);
  });
});

describe("repeat … check: over plain elements", () => {
  const plain = (list: string) => FIXTURE.replace('"find_booking.methods.filter(m, m.id in method_ids)"', `"${list}"`)
    .replace("{method.name}", "{method}").replace("p.method.name", "p.method");

  it("an element that is not a row is shown under the loop's name and picked as written", () => {
    const h = host(plain("['visa', 'gift']"));
    h.text("booking B1", { booking_id: "B1" });
    h.pick("method_ids", ["visa-4242"]);
    h.text("200", { amount: 200 });
    const ask = question(h.text("50", { amount: 50 }))!;
    expect(ask.widget!.rows).toEqual([{ id: "visa", method: "visa", amount: 200 }, { id: "gift", method: "gift", amount: 50 }]);
    expect(question(h.pick("payments", "gift"))!.question).toBe("How much goes on gift?");
  });

  it("two elements written alike are picked by their place", () => {
    const h = host(plain("['card', 'card']"));
    h.text("booking B1", { booking_id: "B1" });
    h.pick("method_ids", ["visa-4242"]);
    h.text("200", { amount: 200 });
    const ask = question(h.text("50", { amount: 50 }))!;
    expect(ask.widget!.rows!.map((r) => r.id)).toEqual(["1", "2"]);
    h.pick("payments", "2");
    expect(Object.keys(h.state.answers).filter((k) => k.startsWith("amount@"))).toEqual(["amount@3:0"]);
  });
});

describe("a correction of one pass after the loop (the issue: it was dropped, and the person was stuck)", () => {
  const amounts = (h: Host) => Object.fromEntries(Object.entries(h.state.answers).filter(([k]) => k.startsWith("amount@")).map(([k, a]) => [k, a.value]));

  it("a value the model proposes goes to the one payment the person's words name; the check and the card follow it", async () => {
    const h = host();
    upToCheck(h, ["visa-4242", "gift-77"], [200, 100]);
    const broken = h.text("put 150 on the gift card", { amount: 150 });
    expect(amounts(h)).toEqual({ "amount@3:visa-4242": 200, "amount@3:gift-77": 150 });
    expect(question(broken)!.question).toBe("Those add up to 350.00, not 300.00. Which one do you want to change?");
    const fixed = h.text("then the visa is 150", { amount: 150 });
    expect(cards(fixed)[0]!.question).toBe("Charge Visa ending 4242 150.00, Gift card 77 150.00 for booking B1?");
  });

  it("at the question of which payment to change, a message naming one with its new amount changes it at once", () => {
    const h = host();
    upToCheck(h, ["visa-4242", "gift-77"], [200, 50]);
    expect(readTypedAnswer(h.skill, h.state, "make the gift card 100")).toBeUndefined();
    const card = cards(h.text("make the gift card 100", { amount: 100 }))[0]!;
    expect(card.question).toBe("Charge Visa ending 4242 200.00, Gift card 77 100.00 for booking B1?");
  });

  it("words that name no payment, or two, change nothing: the value is dropped and the card stays", () => {
    const h = host();
    const card = cards(upToCheck(h, ["visa-4242", "gift-77"], [200, 100]))[0]!;
    for (const text of ["make it 150", "150 on the visa and the gift card", "150 on the 4242"]) {
      const turn = h.text(text, { amount: 150 });
      expect(dropped(turn)).toEqual(["amount"]);
      expect(cards(turn)[0]!.digest).toBe(card.digest);
    }
    expect(amounts(h)).toEqual({ "amount@3:visa-4242": 200, "amount@3:gift-77": 100 });
  });

  it("before the loop has answered a pass there is nothing to correct: the value is dropped", () => {
    const h = host();
    h.text("booking B1", { booking_id: "B1" });
    const turn = h.text("100 on the gift card", { amount: 100 });
    expect(dropped(turn)).toEqual(["amount"]);
    expect(amounts(h)).toEqual({});
  });

  it("the model is offered the field after the loop, told a value applies only to the pass the message names", () => {
    const h = host();
    h.text("booking B1", { booking_id: "B1" });
    expect(understandingContext(h.skill, h.state).fields.map((f) => f.name)).not.toContain("amount");
    upToCheck(h, ["visa-4242", "gift-77"], [200, 100]);
    const amount = understandingContext(h.skill, h.state).fields.find((f) => f.name === "amount")!;
    expect(amount).toMatchObject({ question: "How much goes on {method.name}?", description: "(answered once per method; a new value applies only to the one method the message names)" });
  });
});

describe("repeat … check: — attacks on the check", () => {
  it("no write after the loop runs while the check fails: a press, a model's yes, a forged pick of the gathered name", () => {
    const h = host();
    upToCheck(h, ["visa-4242", "gift-77"], [200, 50]);
    expect(writes(h.press("pay"))).toEqual([]);
    const model = h.text("yes, charge it", { pay: "yes", payments: "gift-77" });
    expect(dropped(model)).toEqual(["pay", "payments"]);
    expect(asked(model)).toBe("payments");
    expect(charged(h)).toEqual([]);
  });

  it("a yes given while the sum held does not release the write once a new pass breaks it", () => {
    const h = host();
    const card = cards(upToCheck(h, ["visa-4242", "gift-77"], [200, 100]))[0]!;
    h.pick("method_ids", ["visa-4242", "gift-77", "amex-1005"]);
    const broken = h.text("30", { amount: 30 });
    expect(question(broken)!.question).toBe("Those add up to 330.00, not 300.00. Which one do you want to change?");
    const stale = h.send({ type: "press", confirm: "pay", yes: true, card: card.digest });
    expect(writes(stale)).toEqual([]);
    expect(charged(h)).toEqual([]);
  });

  it("a pass cannot be cleared under a write that ran with its answer: the pick is refused as a change", () => {
    // The total is a field here, so it can change after the charge and break the check.
    const text = FIXTURE.replace("amount: { decimal", "total: { decimal: { min: 1 } }\namount: { decimal")
      .replace('- ask: { method_ids:', '- ask: { total: "What is the total?" }\n- ask: { method_ids:')
      .replaceAll("find_booking.total", "total");
    const h = host(text);
    expect(checkSkill(h.skill)).toEqual([]);
    h.text("booking B1", { booking_id: "B1" });
    h.text("300", { total: 300 });
    h.pick("method_ids", ["visa-4242", "gift-77"]);
    h.text("200", { amount: 200 });
    h.text("100", { amount: 100 });
    h.press("pay");
    expect(charged(h)).toHaveLength(1);
    const changed = h.text("the total is 250", { total: 250 });
    expect(question(changed)!.question).toBe("Those add up to 300.00, not 250.00. Which one do you want to change?");
    const turn = h.pick("payments", "gift-77");
    expect(refusals(turn)[0]).toMatch(/^charge_payments already ran with .*, so amount cannot change now\.$/);
    expect(h.state.answers["amount@4:gift-77"]?.value).toBe(100);
    expect(charged(h)).toHaveLength(1);
  });

  it("a yes given above the loop does not release a write after it while the check fails", () => {
    const text = FIXTURE.replace('- ask: { method_ids:', '- confirm: { hold: "Hold booking {booking_id} while you pay?" }\n- ask: { method_ids:')
      .replace("- confirm: { pay:", "- do: hold_booking\n- confirm: { pay:");
    const tools = [...TOOLS, { ...toolInfo("hold_booking", "write", { booking_id: T.str }, { held: T.bool }), card: "Hold booking {booking_id}" }];
    const h = new Host(skillFrom(text, tools), {
      find_booking: () => ({ total: 300, methods: METHODS }),
      hold_booking: () => ({ held: true }),
      charge_payments: () => ({ receipt: "R" }),
    });
    expect(checkSkill(h.skill)).toEqual([]);
    h.text("booking B1", { booking_id: "B1" });
    expect(cards(h.press("hold"))).toEqual([]);
    h.pick("method_ids", ["visa-4242", "gift-77"]);
    h.text("200", { amount: 200 });
    const failing = h.text("50", { amount: 50 });
    expect(asked(failing)).toBe("payments");
    expect(h.runs.filter((r) => r.kind === "write")).toEqual([]);
    h.pick("payments", "gift-77");
    const held = h.text("100", { amount: 100 });
    expect(writes(held)).toEqual(["hold_booking"]);
  });

  it("a forged pick of a pass while no check fails is dropped: nothing is cleared", () => {
    const h = host();
    const card = cards(upToCheck(h, ["visa-4242", "gift-77"], [200, 100]))[0]!;
    const forged = h.pick("payments", "gift-77");
    expect(dropped(forged)).toEqual(["payments"]);
    expect(cards(forged)[0]!.digest).toBe(card.digest);
    expect(Object.keys(h.state.answers).filter((k) => k.startsWith("amount@"))).toHaveLength(2);
  });

  it("a correction naming a pass after the write took its answer is refused as a change", () => {
    const h = host();
    upToCheck(h, ["visa-4242", "gift-77"], [200, 100]);
    h.press("pay");
    const turn = h.text("put 150 on the gift card", { amount: 150 });
    expect(refusals(turn)[0]).toMatch(/^charge_payments already ran with .*, so amount cannot change now\.$/);
    expect(h.state.answers["amount@3:gift-77"]?.value).toBe(100);
    expect(charged(h)).toHaveLength(1);
  });

  it("a loop with no element and a failing check stops the run with the message: nothing after it runs", () => {
    const text = FIXTURE.replace('"find_booking.methods.filter(m, m.id in method_ids)"', '"find_booking.methods.filter(m, m.id in method_ids && m.id == \'none\')"');
    const h = host(text);
    h.text("booking B1", { booking_id: "B1" });
    const after = h.pick("method_ids", ["visa-4242"]);
    expect(errors(after)).toEqual(["Those add up to 0.00, not 300.00. There is nothing in the list to change, so nothing after it can run until the list changes."]);
    expect(cards(after)).toEqual([]);
    expect(charged(h)).toEqual([]);
  });
});

describe("repeat … check: — checked when the skill loads", () => {
  const rules = (text: string) => checkSkill(skillFrom(text, TOOLS)).map((d) => `${d.ruleId}: ${d.reason}`);

  it("a write inside a checked repeat is an error", () => {
    const text = FIXTURE.replace('    - ask: { amount: "How much goes on {method.name}?" }', '    - ask: { amount: "How much goes on {method.name}?" }\n    - confirm: { pay_one: "Charge {amount}?" }\n    - do: charge_payments\n      with: { method_ids: "[method.id]", amounts: "[amount]" }');
    expect(rules(text)).toContain("write-in-checked-repeat: `charge_payments` is a write inside the `repeat` at line 25, whose `check:` is evaluated only after every pass: a pass would run it before the check could hold it back.");
  });

  it("a check on a repeat without `as:` is an error: its conditions have no name for the passes", () => {
    const { diagnostics } = parseSkill(FIXTURE.replace(", as: payments }", " }"), "test/SKILL.md");
    expect(diagnostics.map((d) => `${d.ruleId} ${d.line}: ${d.reason}`)).toContain(
      "invalid-step 28: `check:` is on a `repeat` without `as:`, so its conditions have no name for the answers of the passes.");
  });

  it("the condition is typed with the gathered list in scope, and the message is a template", () => {
    expect(rules(FIXTURE.replace("== find_booking.total", "== 'all'")).some((r) => r.startsWith("ill-typed-condition:"))).toBe(true);
    expect(rules(FIXTURE.replace("round(sum(", "size(payments) + round(sum(").replace("), 2) == find", "), 2) + 0 == find")).some((r) => r.startsWith("ill-typed-condition:"))).toBe(true);
    expect(rules(FIXTURE.replace("not {money(find_booking.total)}", "not {find_booking.totl}")).some((r) => r.startsWith("unknown-reference:"))).toBe(true);
  });
});
