/**
 * Red-team attacks on issue 38's values inside a repeat … until: writes inside a switch in the body
 * (covered only by the pass's confirm), a default reading the pass's lookup or its decide, and a named
 * value over the loop's `as:` list on a card and in a write.
 * Each test drives the pure runtime with the in-test host; a held attack asserts the write did not
 * run, ran once, or received what its card showed.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { asked, cards, Host, says, skillFrom, T, toolInfo, writes } from "../runtime/host.js";
import { doc, question } from "./issue38-helpers.js";

describe("writes inside a switch inside an until body", () => {
  const TOOLS = [
    toolInfo("quote", "lookup", { attempt: T.int }, { price: T.int }),
    toolInfo("charge", "write", { method: T.str, amount: T.int }, { receipt: T.str }),
    toolInfo("verify", "lookup", { receipt: T.str }, { ok: T.bool }),
  ];
  const body = (confirmAbove: boolean) => `- ask: { name: "Your name?" }
${confirmAbove ? `- confirm: { all: "Charge whatever the attempts need?" }\n` : ""}- repeat: { until: "verify.ok", at_most: 2, for: attempt, as: attempts }
  steps:
    - ask: { method: "Card or cash (attempt {attempt}, {size(attempts)} before)?" }
    - ask: { amount: "How much?" }
    - switch: method
      cases:
        card:
${confirmAbove ? "" : `          - confirm: { pay: "Charge {amount} to the card (attempt {attempt})?" }\n`}          - do: charge
        cash:
${confirmAbove ? "" : `          - confirm: { pay_cash: "Note {amount} in cash (attempt {attempt})?" }\n`}          - do: charge
    - do: verify
- say: "Paid after {size(attempts)} attempts: {attempts.map(a, a.method + ' ' + string(a.amount))}."
`;
  const FIELDS = `name: { text: true }\nmethod: { choices: [card, cash] }\namount: { number: true, default: "quote.price" }\n`;

  it("a write in a case covered only by a confirm above the loop does not load", () => {
    const skill = skillFrom(doc(FIELDS, body(true)), TOOLS);
    const rules = checkSkill(skill).filter((d) => d.severity === "error").map((d) => d.ruleId);
    expect(rules).toEqual(["ungated-write", "ungated-write"]);
  });

  function host(oks: boolean[]) {
    const skill = skillFrom(doc(FIELDS, body(false)), TOOLS);
    expect(checkSkill(skill).filter((d) => d.severity === "error")).toEqual([]);
    let n = 0;
    return new Host(skill, {
      quote: (i) => ({ price: Number(i.attempt) * 10 }),
      charge: (i) => ({ receipt: `R-${String(i.method)}-${String(i.amount)}` }),
      verify: () => ({ ok: oks[n++] ?? false }),
    });
  }

  it("a default reading the pass's lookup: each pass's card shows the pass's amount, and the write receives it", () => {
    const h = host([false, true]);
    h.text("Ann", { name: "Ann" });
    const first = h.text("card", { method: "card" });
    expect(cards(first)[0]!.question).toBe("Charge 10 to the card (attempt 1)?");
    const pass1 = h.press("pay");
    expect(writes(pass1)).toEqual(["charge"]);
    expect(question(pass1)?.question).toBe("Card or cash (attempt 2, 1 before)?");
    const second = h.text("card again", { method: "card" });
    expect(cards(second)[0]!.question).toBe("Charge 20 to the card (attempt 2)?");
    // pass 1's yes does not release pass 2's write on the same case
    expect(writes(second)).toEqual([]);
    const done = h.press("pay");
    expect(h.runs.filter((r) => r.kind === "write").map((r) => r.inputs)).toEqual([{ method: "card", amount: 10 }, { method: "card", amount: 20 }]);
    expect(says(done)).toEqual(["Paid after 2 attempts: card 10, card 20."]);
  });

  it("the model changing pass 1's method (the answer its switch is on) after pass 1's write is refused: no second write", () => {
    const h = host([false, true]);
    h.text("Ann", { name: "Ann" });
    h.text("card", { method: "card" });
    h.press("pay");
    const changed = h.text("the first one was cash actually", { method: "cash" });
    // the method given now belongs to pass 2 (the pass being asked), not pass 1
    expect(writes(changed)).toEqual([]);
    expect(h.runs.filter((r) => r.kind === "write")).toHaveLength(1);
    if (cards(changed).length > 0) expect(cards(changed)[0]!.question).toBe("Note 20 in cash (attempt 2)?");
    const yes = h.press("pay_cash");
    expect(h.runs.filter((r) => r.kind === "write").map((r) => r.inputs)).toEqual([{ method: "card", amount: 10 }, { method: "cash", amount: 20 }]);
    expect(writes(yes)).toEqual(["charge"]);
  });

  it("a switch way changed in the same pass before its write: the other case's card needs its own yes", () => {
    const h = host([true]);
    h.text("Ann", { name: "Ann" });
    h.text("card", { method: "card" });
    // Before any yes, the person switches to cash: the card's confirm is off the path.
    const switched = h.text("no, cash", { method: "cash" });
    expect(cards(switched)[0]!.question).toBe("Note 10 in cash (attempt 1)?");
    expect(writes(h.press("pay"))).toEqual([]);
    expect(writes(h.press("pay_cash"))).toEqual(["charge"]);
    expect(h.runs.filter((r) => r.kind === "write").map((r) => r.inputs)).toEqual([{ method: "cash", amount: 10 }]);
  });
});

describe("a value reading an until loop's as: list", () => {
  const STEPS = `- ask: { ticket: "Which ticket?" }
- repeat: { until: "review.verdict == 'approve'", at_most: 3, for: round, as: rounds }
  steps:
    - confirm: { work: "Work on {ticket} again; last verdict: {last}?" }
    - do: develop
      with: { ticket: ticket, feedback: last }
    - do: review
- say: "Done after {size(rounds)}; last verdict {last}."
`;
  const VALUES = `last: "size(rounds) > 0 ? rounds[size(rounds) - 1].review.verdict : 'none'"\n`;
  const TOOLS = [
    toolInfo("develop", "write", { ticket: T.str, feedback: T.str }, { patch_id: T.str }),
    toolInfo("review", "lookup", { patch_id: T.str }, { verdict: T.str }),
  ];
  const skill = skillFrom(doc(`ticket: { text: true }\n`, STEPS, VALUES), TOOLS);

  it("inside the body it reads the earlier passes, on the card and in the write alike; after the loop, every pass", () => {
    expect(checkSkill(skill).filter((d) => d.severity === "error")).toEqual([]);
    let n = 0;
    const verdicts = ["reject", "changes", "approve"];
    const h = new Host(skill, { develop: () => ({ patch_id: `P${++n}` }), review: () => ({ verdict: verdicts[n - 1]! }) });
    const first = h.text("T-1", { ticket: "T-1" });
    expect(cards(first)[0]!.question).toBe("Work on T-1 again; last verdict: none?");
    const second = h.press("work");
    expect(cards(second)[0]!.question).toBe("Work on T-1 again; last verdict: reject?");
    const third = h.press("work");
    expect(cards(third)[0]!.question).toBe("Work on T-1 again; last verdict: changes?");
    const done = h.press("work");
    expect(h.runs.filter((r) => r.kind === "write").map((r) => r.inputs.feedback)).toEqual(["none", "reject", "changes"]);
    expect(says(done)).toEqual(["Done after 3; last verdict approve."]);
  });

  it("used before the loop it is refused at load (it reads the passes, not yet known)", () => {
    const early = doc(`ticket: { text: true }\n`, `- say: "Last: {last}."\n${STEPS}`, VALUES);
    const rules = checkSkill(skillFrom(early, TOOLS)).filter((d) => d.severity === "error").map((d) => d.ruleId);
    expect(rules).toEqual(["used-before-asked"]);
  });
});

describe("a default whose expression reads a decide in the same pass", () => {
  const STEPS = `- repeat: { until: "done", at_most: 2, for: round, as: rounds }
  steps:
    - decide: { plan: "Fix or rewrite (round {round})?" }
      options: { fix: "Fix it", rewrite: "Rewrite it" }
    - ask: { note: "What note goes with it?" }
    - confirm: { work: "Send '{note}' (round {round})?" }
    - do: develop
    - ask: { done: "Is it done?" }
`;
  const FIELDS = `note: { text: true, default: "plan == 'fix' ? 'minimal fix' : 'full rewrite'" }\ndone: { yes_no: true }\n`;
  const TOOLS = [toolInfo("develop", "write", { note: T.str, round: T.int }, { patch_id: T.str })];
  const skill = skillFrom(doc(FIELDS, STEPS), TOOLS);

  it("each pass's note follows that pass's decision, the card shows it, and the model cannot set the decision through the note", () => {
    expect(checkSkill(skill).filter((d) => d.severity === "error")).toEqual([]);
    const h = new Host(skill, { develop: () => ({ patch_id: "P" }) });
    h.text("start", {});
    const card1 = h.send({ type: "press", confirm: "plan", yes: true, option: "fix" });
    expect(cards(card1)[0]!.question).toBe("Send 'minimal fix' (round 1)?");
    h.press("work");
    const next = h.text("no", { done: false });
    expect(asked(next)).toBe("plan");
    const card2 = h.send({ type: "press", confirm: "plan", yes: true, option: "rewrite" });
    expect(cards(card2)[0]!.question).toBe("Send 'full rewrite' (round 2)?");
    // The model tries to set the decision alongside a yes: the decision stays, the card stays.
    const forged = h.text("fix it instead, yes", { plan: "fix", work: true });
    expect(writes(forged)).toEqual([]);
    h.press("work");
    expect(h.runs.map((r) => r.inputs)).toEqual([{ note: "minimal fix", round: 1 }, { note: "full rewrite", round: 2 }]);
  });
});
