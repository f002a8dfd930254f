/**
 * Red-team attacks on issue 38's features at the write gate: `check:` on a repeat whose body decides
 * and switches, confirm regions across a switch way that ends and an `exhausted:` block, defaults and
 * decides reaching what they may not, and the answer a switch is on changed after its way's write ran.
 * Each test drives the pure runtime with the in-test host; a held attack asserts the write did not
 * run, ran once, or received what its card showed.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { asked, cards, Host, says, skillFrom, T, toolInfo, writes } from "../runtime/host.js";
import { doc, question } from "./issue38-helpers.js";

describe("check: on a repeat whose body has a decide and a switch", () => {
  const STEPS = `- do: list_methods
- repeat: { for: m, in: list_methods.methods, as: payments }
  steps:
    - decide: { how: "Pay on {m.id} now or later?" }
      options: { now: "Now", later: "Later", stop: "Stop here" }
    - switch: how
      cases:
        now:
          - ask: { amount: "How much on {m.id}?" }
        later:
          - say: "Later for {m.id}."
        stop:
          - end: stopped
            status: failed
            tell: "Stopped at {m.id}."
  check:
    "paid == 30": "Those add up to {paid}, not 30."
- confirm: { pay: "Charge {paid} in total: {payments.map(p, p.m.id + '=' + p.how)}?" }
- do: charge
  with: { total: "paid", ids: "payments.filter(p, p.how == 'now').map(p, p.m.id)" }
- say: "Charged {paid}."
`;
  const VALUES = `paid: "sum(payments.filter(p, has(p.amount)).map(p, p.amount))"\n`;
  const TOOLS = [
    toolInfo("list_methods", "lookup", {}, { methods: T.list(T.obj({ id: T.str })) }),
    toolInfo("charge", "write", { total: T.int, ids: T.list(T.str) }, { receipt: T.str }),
  ];
  const skill = skillFrom(doc(`amount: { number: true }\n`, STEPS, VALUES), TOOLS);
  const host = () => new Host(skill, {
    list_methods: () => ({ methods: [{ id: "visa" }, { id: "gift" }] }),
    charge: () => ({ receipt: "R1" }),
  });
  const decide = (h: Host, option: string) => h.send({ type: "press", confirm: "how", yes: true, option });

  it("flow check accepts it", () => {
    expect(checkSkill(skill).filter((d) => d.severity === "error")).toEqual([]);
  });

  it("the card shows the value over the gathered list, and the write receives exactly it", () => {
    const h = host();
    h.text("hi", {});
    decide(h, "now");
    h.text("20", { amount: 20 });
    decide(h, "now");
    const at = h.text("10", { amount: 10 });
    expect(cards(at)[0]!.question).toBe("Charge 30 in total: visa=now, gift=now?");
    expect(writes(h.press("pay"))).toEqual(["charge"]);
    expect(h.runs.filter((r) => r.kind === "write").map((r) => r.inputs)).toEqual([{ total: 30, ids: ["visa", "gift"] }]);
  });

  it("a failing check holds the write; the pass changed takes another way; the card follows; one write", () => {
    const h = host();
    h.text("hi", {});
    decide(h, "now");
    h.text("20", { amount: 20 });
    const failing = decide(h, "later");
    expect(question(failing)?.question).toBe("Those add up to 20, not 30. Which one do you want to change?");
    expect(writes(h.press("pay"))).toEqual([]);
    expect(h.runs.filter((r) => r.kind === "write")).toEqual([]);
    // pick the visa pass to change: its answers are cleared and asked again
    const picked = h.pick("payments", "visa");
    // the decision of the pass is cleared with its answers: the person decides it again, then the amount
    expect(asked(picked)).toBe("how");
    expect(asked(decide(h, "now"))).toBe("amount");
    // The gift pass's decision was void when the replay stopped before it (a decision is kept like a
    // yes: one the stopping replay did not reach is void), so it is asked again, not kept.
    expect(question(h.text("30", { amount: 30 }))?.question).toBe("Pay on gift now or later?");
    const fixed = decide(h, "later");
    expect(cards(fixed)[0]!.question).toBe("Charge 30 in total: visa=now, gift=later?");
    expect(writes(h.press("pay"))).toEqual(["charge"]);
    expect(h.runs.filter((r) => r.kind === "write").map((r) => r.inputs)).toEqual([{ total: 30, ids: ["visa"] }]);
  });

  it("an end in a switch case inside the checked repeat stops there: no check message, no card, no write", () => {
    const h = host();
    h.text("hi", {});
    decide(h, "now");
    h.text("20", { amount: 20 });
    const stopped = decide(h, "stop");
    expect(says(stopped)).toEqual(["Stopped at gift."]);
    expect(cards(stopped)).toEqual([]);
    expect(h.state.pending?.kind).toBe("done");
    expect(h.press("pay").calls).toEqual([]);
  });

  it("the model cannot decide a pass: its value for the decide is dropped and the buttons wait", () => {
    const h = host();
    const first = h.text("pay now on everything", { how: "now", amount: 15 });
    expect(asked(first)).toBe("how");
    expect(h.state.pending).toMatchObject({ kind: "decide", decide: "how" });
  });
});

describe("confirm regions across a switch's ending way and an exhausted: block", () => {
  const errorsOf = (fields: string, steps: string, tools: ReturnType<typeof toolInfo>[]) =>
    checkSkill(skillFrom(doc(fields, steps), tools)).filter((d) => d.severity === "error").map((d) => `${d.ruleId}: ${d.reason}`);

  it("a write after a switch whose other way ends is covered by the confirm of the way that goes on", () => {
    const steps = `- ask: { method: "Card or cash?" }
- switch: method
  cases:
    card:
      - confirm: { pay: "Charge the card for {amount}?" }
    cash:
      - end: cash
        status: success
        tell: "Pay at the desk."
- do: charge
- say: "Charged."
`;
    const tools = [toolInfo("charge", "write", { amount: T.int }, { ok: T.bool })];
    const fields = `method: { choices: [card, cash] }\namount: { number: true, default: "12" }\n`;
    const text = `- ask: { amount: "How much?" }\n${steps}`;
    expect(errorsOf(fields, text, tools)).toEqual([]);
    const h = new Host(skillFrom(doc(fields, text), tools), { charge: () => ({ ok: true }) });
    h.text("card", { method: "card" });
    expect(writes(h.press("pay"))).toEqual(["charge"]);
    const c = new Host(skillFrom(doc(fields, text), tools), { charge: () => ({ ok: true }) });
    expect(says(c.text("cash", { method: "cash" }))).toEqual(["Pay at the desk."]);
    expect(c.press("pay").calls).toEqual([]);
  });

  it("a write in exhausted: taking the passes, under a confirm above the loop, receives what the card shows", () => {
    const steps = (body: string) => `- ask: { ticket: "Which ticket?" }
- confirm: { close: "Close {ticket} if no review approves?" }
- repeat: { until: "review.verdict == 'approve'", at_most: 2, for: round, as: rounds }
  steps:
${body}    - do: review
  exhausted:
    - do: close_ticket
      with: { ticket: ticket, reviews: "size(rounds)" }
`;
    const tools = [
      toolInfo("review", "lookup", { ticket: T.str, round: T.int }, { verdict: T.str }),
      toolInfo("close_ticket", "write", { ticket: T.str, reviews: T.int }, { ok: T.bool }),
    ];
    // Only lookups in the body: the card looks ahead through the passes and shows the count.
    expect(errorsOf(`ticket: { text: true }\n`, steps(""), tools)).toEqual([]);
    const h = new Host(skillFrom(doc(`ticket: { text: true }\n`, steps("")), tools), { review: () => ({ verdict: "reject" }), close_ticket: () => ({ ok: true }) });
    const shown = cards(h.text("T-1", { ticket: "T-1" }))[0]!;
    expect(shown.writes.map((w) => w.inputs)).toEqual([{ ticket: "T-1", reviews: 2 }]);
    expect(writes(h.press("close"))).toEqual(["close_ticket"]);
    expect(h.runs.filter((r) => r.kind === "write").map((r) => r.inputs)).toEqual([{ ticket: "T-1", reviews: 2 }]);
    // A person's answer in each pass: the count cannot be on the card above the loop, so the confirm
    // does not cover the write (the skill does not load, rather than stopping at the write).
    const fields = `ticket: { text: true }\nnote: { text: true }\n`;
    const asks = `    - ask: { note: "Note for round {round}?" }\n`;
    expect(errorsOf(fields, steps(asks), tools)).toEqual([expect.stringMatching(/^ungated-write: .*the ask for `note` at line 19 ends the region of confirm `close`/)]);
  });
});

describe("defaults and decides that reach what they may not", () => {
  const errorsOf = (fields: string, steps: string, tools: ReturnType<typeof toolInfo>[], values = "") =>
    checkSkill(skillFrom(doc(fields, steps, values), tools)).filter((d) => d.severity === "error").map((d) => d.ruleId);

  it("a default that copies a secret into a plain field (directly or through a value) does not load", () => {
    const fields = `pin: { pattern: "^[0-9]{4}$", secret: true }\nnote: { text: true, default: "pin" }\n`;
    const steps = `- ask: { pin: "Your PIN?" }\n- ask: { note: "A note?" }\n- say: "Your note: {note}."\n`;
    expect(errorsOf(fields, steps, [])).toEqual(["secret-default"]);
    // through a named value as well
    const via = fields.replace('default: "pin"', 'default: "code"');
    expect(errorsOf(via, steps, [], `code: "pin"\n`)).toEqual(["secret-default"]);
  });

  it("a switch on a decide that only a when runs is read before it exists", () => {
    const fields = `urgent: { yes_no: true }\n`;
    const steps = `- ask: { urgent: "Urgent?" }
- when: urgent
  steps:
    - decide: { route: "Which team?" }
      options: { ops: "Ops", dev: "Dev" }
- switch: route
  cases:
    ops: [ { say: "Ops." } ]
    dev: [ { say: "Dev." } ]
`;
    expect(errorsOf(fields, steps, [])).toContain("used-before-asked");
  });
});

describe("the answer a switch is on, changed after the way's write ran", () => {
  const STEPS = `- ask: { method: "Card or gift card?" }
- switch: method
  cases:
    card:
      - confirm: { pay_card: "Charge 30 to the card?" }
      - do: charge
    gift:
      - confirm: { pay_gift: "Take 30 from the gift card?" }
      - do: redeem
- say: "Paid by {method}."
`;
  const TOOLS = [
    toolInfo("charge", "write", { method: T.str }, { receipt: T.str }),
    toolInfo("redeem", "write", { method: T.str }, { receipt: T.str }),
  ];
  const skill = skillFrom(doc(`method: { choices: [card, gift] }\n`, STEPS), TOOLS);

  it("is refused: the other way's write does not run, and the first runs once", () => {
    expect(checkSkill(skill).filter((d) => d.severity === "error")).toEqual([]);
    const h = new Host(skill, { charge: () => ({ receipt: "C" }), redeem: () => ({ receipt: "G" }) });
    h.text("card", { method: "card" });
    expect(writes(h.press("pay_card"))).toEqual(["charge"]);
    const changed = h.text("actually the gift card", { method: "gift" });
    expect(changed.effects).toContainEqual({ type: "refuse", field: "method", message: "charge already ran with method card, so method cannot change now." });
    expect(h.state.answers.method?.value).toBe("card");
    expect(h.press("pay_gift").calls).toEqual([]);
    expect(h.press("pay_card").calls).toEqual([]);
    expect(h.runs.map((r) => r.tool)).toEqual(["charge"]);
  });
});

describe("when … else whose else ends", () => {
  it("what the going-on way gives is known after it: the second write takes the first's output, each under its own yes", () => {
    const steps = `- ask: { ok: "Go on?" }
- when: ok
  steps:
    - confirm: { hold: "Hold a seat?" }
    - do: reserve
  else:
    - end: stopped
      status: failed
      tell: "Stopped."
- confirm: { buy: "Buy seat {reserve.hold_id}?" }
- do: buy
`;
    const tools = [toolInfo("reserve", "write", {}, { hold_id: T.str }), toolInfo("buy", "write", { hold_id: T.str }, { ok: T.bool })];
    const skill = skillFrom(doc(`ok: { yes_no: true }\n`, steps), tools);
    expect(checkSkill(skill).filter((d) => d.severity === "error")).toEqual([]);
    const h = new Host(skill, { reserve: () => ({ hold_id: "S-9" }), buy: () => ({ ok: true }) });
    h.text("yes", { ok: true });
    const held = h.press("hold");
    expect(writes(held)).toEqual(["reserve"]);
    expect(cards(held)[0]!.question).toBe("Buy seat S-9?");
    expect(writes(h.press("buy"))).toEqual(["buy"]);
    expect(h.runs.filter((r) => r.kind === "write").map((r) => r.inputs)).toEqual([{}, { hold_id: "S-9" }]);
  });
});
