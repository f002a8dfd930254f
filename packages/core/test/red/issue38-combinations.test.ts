/**
 * Red-team attacks on issue 38's features where they meet: a decide (by a role) inside a repeat … until,
 * a switch on that decision, writes inside a switch inside the loop's body, a default reading a pass's
 * lookup, a value over the loop's `as:` list on a card, `end` inside `exhausted:` and a switch case,
 * and corrections after writes ran. Each test drives the pure runtime with the in-test host; a held
 * attack asserts the write did not run, ran once, or received what its card showed.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { renderProcedure } from "../../src/index.js";
import type { Effect } from "../../src/runtime/types.js";
import { asked, cards, Host, says, skillFrom, T, toolInfo, writes, type Turn } from "../runtime/host.js";

const doc = (fields: string, steps: string, values = "") => `---
name: red38
description: Attacks on issue 38's features together.
---
## Fields

\`\`\`yaml
${fields}\`\`\`

## Steps

\`\`\`yaml
${steps}\`\`\`
${values ? `\n## Values\n\n\`\`\`yaml\n${values}\`\`\`\n` : ""}`;

const requests = (turn: Turn) =>
  turn.effects.flatMap((e) => (e.type === "request_approval" ? [e.request] : []));
const question = (turn: Turn) => turn.effects.filter((e): e is Extract<Effect, { type: "ask" }> => e.type === "ask").at(-1);

describe("a decide by a role inside repeat … until, with a switch on it", () => {
  const STEPS = `- ask: { ticket: "Which ticket?" }
- repeat: { until: "review.verdict == 'approve'", at_most: 3, for: round, as: rounds }
  steps:
    - decide: { plan: "How should the developer work on {ticket}?" }
      by: lead
      options: { fix: "Fix it", rewrite: "Rewrite it" }
    - switch: plan
      cases:
        fix:
          - confirm: { work: "Fix {ticket} (round {round})?" }
          - do: develop
        rewrite:
          - confirm: { redo: "Rewrite {ticket} from scratch (round {round})?" }
          - do: develop
        no:
          - end: declined
            status: failed
            tell: "The lead declined in round {round}."
    - do: review
  exhausted:
    - end: gave_up
      status: failed
      tell: "No approval after {size(rounds)} rounds."
- end: approved
  status: success
  tell: "Approved after {size(rounds)} rounds: {rounds.map(r, r.plan)}."
`;
  const TOOLS = [
    toolInfo("develop", "write", { ticket: T.str, round: T.int }, { patch_id: T.str }),
    toolInfo("review", "lookup", { patch_id: T.str }, { verdict: T.str }),
  ];
  const skill = skillFrom(doc(`ticket: { text: true }\n`, STEPS), TOOLS);
  function host(verdicts: string[]) {
    let n = 0;
    return new Host(skill, {
      develop: (i) => ({ patch_id: `P${String(i.round)}` }),
      review: () => ({ verdict: verdicts[n++] ?? "reject" }),
    });
  }

  it("flow check accepts it: the way the lead declines ends, so the review after the switch reads develop's output", () => {
    expect(checkSkill(skill).filter((d) => d.severity === "error")).toEqual([]);
  });

  it("the procedure says what the flow does: the bound, the pass's decision in its record, one way per case", () => {
    const md = renderProcedure(skill, "markdown");
    expect(md).toContain("- **2** Repeat, at most 3 times, until `review.verdict == 'approve'`; when the 3rd pass ends without it: step 2.4 runs");
    expect(md).toContain("one record per pass with `plan` and the results of `develop` and `review`");
    expect(md).toContain("- **2.2** If `plan` is `fix`: steps 2.2.1–2.2.2; if it is `rewrite`: steps 2.2.3–2.2.4; if it is `no`: step 2.2.5.");
    expect(md.match(/^### Way \d+$/gm)).toHaveLength(5);
    expect(md).toContain("- When `plan == \"no\"` (for that pass)\n- Steps: 1, 2, 2.1, 2.2, 2.2.5\n- Changes: none\n- Outcome: `declined` (failed, step 2.2.5)");
  });

  it("a way that goes on without develop still leaves review's input unbound (only ways that end are set aside)", () => {
    const text = doc(`ticket: { text: true }\n`, STEPS.replace("          - confirm: { redo: \"Rewrite {ticket} from scratch (round {round})?\" }\n          - do: develop\n", "          - say: \"Nothing to write.\"\n"));
    const rules = checkSkill(skillFrom(text, TOOLS)).filter((d) => d.severity === "error").map((d) => d.ruleId);
    expect(rules).toContain("unbound-tool-input");
  });

  it("pass 1's approval, sent again in pass 2 (same rendered question), does not decide pass 2", () => {
    const h = host(["reject", "approve"]);
    const filed = requests(h.text("T-1", { ticket: "T-1" }));
    expect(filed).toHaveLength(1);
    const r1 = filed[0]!.id;
    h.send({ type: "approve", confirm: "plan", by: "lead", yes: true, option: "fix", request: r1 });
    const pass1 = h.press("work");
    expect(writes(pass1)).toEqual(["develop"]);
    // Pass 2 files a request of its own, even though the question reads the same.
    const filed2 = requests(pass1);
    expect(filed2).toHaveLength(1);
    expect(filed2[0]!.id).not.toBe(r1);
    expect(h.state.pending).toMatchObject({ kind: "approval", confirm: "plan" });
    // The stale approval of pass 1, replayed with its request id, decides nothing.
    const replayed = h.send({ type: "approve", confirm: "plan", by: "lead", yes: true, option: "rewrite", request: r1 });
    expect(writes(replayed)).toEqual([]);
    expect(h.state.pending).toMatchObject({ kind: "approval", confirm: "plan" });
    // A bare approval with no request id is no decision either (it must carry an option).
    h.send({ type: "approve", confirm: "plan", by: "lead", yes: true, request: filed2[0]!.id });
    expect(h.state.pending).toMatchObject({ kind: "approval", confirm: "plan" });
    // The model, and the person pressing, cannot decide pass 2.
    h.text("rewrite it", { plan: "rewrite" });
    h.send({ type: "press", confirm: "plan", yes: true, option: "rewrite" });
    expect(h.state.pending).toMatchObject({ kind: "approval", confirm: "plan" });
    expect(h.runs.filter((r) => r.tool === "develop")).toHaveLength(1);
  });

  it("the pass-2 decision takes its own way; pass 1's yes to `work` does not release pass 2's write on the same way", () => {
    const h = host(["reject", "approve"]);
    const r1 = requests(h.text("T-1", { ticket: "T-1" }))[0]!.id;
    h.send({ type: "approve", confirm: "plan", by: "lead", yes: true, option: "fix", request: r1 });
    const pass1 = h.press("work");
    const r2 = requests(pass1)[0]!.id;
    const decided = h.send({ type: "approve", confirm: "plan", by: "lead", yes: true, option: "fix", request: r2 });
    expect(writes(decided)).toEqual([]);
    expect(cards(decided)[0]!.question).toBe("Fix T-1 (round 2)?");
    // A press sent for pass 1's card (its digest) after the card changed releases nothing.
    const done = h.press("work");
    expect(writes(done)).toEqual(["develop"]);
    expect(h.runs.filter((r) => r.tool === "develop").map((r) => r.inputs)).toEqual([{ ticket: "T-1", round: 1 }, { ticket: "T-1", round: 2 }]);
    expect(says(done)).toEqual(["Approved after 2 rounds: fix, fix."]);
    expect(h.press("work").calls).toEqual([]);
  });

  it("a rejection in pass 2 takes the `no` case: the end there stops the loop, no exhausted:, no later step", () => {
    const h = host(["reject", "approve"]);
    const r1 = requests(h.text("T-1", { ticket: "T-1" }))[0]!.id;
    h.send({ type: "approve", confirm: "plan", by: "lead", yes: true, option: "rewrite", request: r1 });
    const pass1 = h.press("redo");
    const r2 = requests(pass1)[0]!.id;
    const declined = h.send({ type: "approve", confirm: "plan", by: "lead", yes: false, request: r2 });
    expect(says(declined)).toEqual(["lead declined to choose.", "The lead declined in round 2."]);
    expect(declined.calls).toEqual([]);
    expect(h.state.pending?.kind).toBe("done");
    // Nothing after the end runs, whatever comes next.
    expect(h.press("work").calls).toEqual([]);
    expect(h.send({ type: "approve", confirm: "plan", by: "lead", yes: true, option: "fix", request: r2 }).calls).toEqual([]);
    expect(h.runs.filter((r) => r.tool === "develop")).toHaveLength(1);
  });

  it("the bound reached runs exhausted:'s end once; nothing after it runs", () => {
    const h = host(["reject", "reject", "reject"]);
    let turn = h.text("T-1", { ticket: "T-1" });
    for (let round = 1; round <= 3; round++) {
      const request = requests(turn)[0]!.id;
      h.send({ type: "approve", confirm: "plan", by: "lead", yes: true, option: "fix", request });
      turn = h.press("work");
    }
    expect(says(turn)).toEqual(["No approval after 3 rounds."]);
    expect(h.state.pending?.kind).toBe("done");
    expect(h.runs.filter((r) => r.tool === "develop")).toHaveLength(3);
    expect(h.press("work").calls).toEqual([]);
  });

  it("a correction of the ticket after pass 1's write is refused; no write runs again", () => {
    const h = host(["reject", "approve"]);
    const r1 = requests(h.text("T-1", { ticket: "T-1" }))[0]!.id;
    h.send({ type: "approve", confirm: "plan", by: "lead", yes: true, option: "fix", request: r1 });
    h.press("work");
    const changed = h.text("it was T-2", { ticket: "T-2" });
    expect(writes(changed)).toEqual([]);
    expect(h.state.answers.ticket?.value ?? h.state.answers.ticket).not.toBe("T-2");
    expect(h.runs.filter((r) => r.tool === "develop")).toHaveLength(1);
  });
});

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

describe("a decide by a role inside a checked repeat", () => {
  const STEPS = `- do: list_methods
- repeat: { for: m, in: list_methods.methods, as: payments }
  steps:
    - decide: { cap: "Allow a charge on {m.id}?" }
      by: manager
      options: { small: "Up to 10", large: "Up to 30" }
    - ask: { amount: "How much on {m.id}?" }
      check:
        "cap == 'large' || amount <= 10": "At most 10 on {m.id}."
  check:
    "sum(payments.map(p, p.amount)) == 30": "Those add up to {sum(payments.map(p, p.amount))}, not 30."
- confirm: { pay: "Charge {payments.map(p, p.m.id + ' ' + string(p.amount) + ' (' + p.cap + ')')}?" }
- do: charge
  with: { amounts: "payments.map(p, p.amount)" }
`;
  const TOOLS = [
    toolInfo("list_methods", "lookup", {}, { methods: T.list(T.obj({ id: T.str })) }),
    toolInfo("charge", "write", { amounts: T.list(T.int) }, { receipt: T.str }),
  ];
  const skill = skillFrom(doc(`amount: { number: true }\n`, STEPS), TOOLS);

  it("after a pass is picked to change, the manager's earlier approvals (their request ids) decide nothing: each pass is filed anew", () => {
    expect(checkSkill(skill).filter((d) => d.severity === "error")).toEqual([]);
    const h = new Host(skill, { list_methods: () => ({ methods: [{ id: "visa" }, { id: "gift" }] }), charge: () => ({ receipt: "R" }) });
    const r1 = requests(h.text("hi", {}))[0]!.id;
    h.send({ type: "approve", confirm: "cap", by: "manager", yes: true, option: "large", request: r1 });
    const r2 = requests(h.text("25", { amount: 25 }))[0]!.id;
    h.send({ type: "approve", confirm: "cap", by: "manager", yes: true, option: "small", request: r2 });
    const failing = h.text("10", { amount: 10 });
    expect(question(failing)?.question).toBe("Those add up to 35, not 30. Which one do you want to change?");
    const picked = h.pick("payments", "visa");
    const again = requests(picked);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(r1);
    // The approval given for the pass before it was cleared, replayed: nothing is decided.
    h.send({ type: "approve", confirm: "cap", by: "manager", yes: true, option: "large", request: r1 });
    expect(h.state.pending).toMatchObject({ kind: "approval", confirm: "cap", requestId: again[0]!.id });
    expect(h.press("pay").calls).toEqual([]);
    // The new request decides; the pass is asked again; the card shows what the write takes.
    h.send({ type: "approve", confirm: "cap", by: "manager", yes: true, option: "large", request: again[0]!.id });
    // The gift pass's decision was void when the replay stopped at the visa pass before reaching it (a
    // decision is kept like a yes), so the manager is asked again for it; its old approval is stale too.
    const r3 = requests(h.text("20", { amount: 20 }));
    expect(r3.map((r) => r.key)).toEqual(["cap@2:gift"]);
    expect(r3[0]!.id).not.toBe(r2);
    h.send({ type: "approve", confirm: "cap", by: "manager", yes: true, option: "large", request: r2 });
    expect(h.state.pending).toMatchObject({ kind: "approval", confirm: "cap", requestId: r3[0]!.id });
    const card = h.send({ type: "approve", confirm: "cap", by: "manager", yes: true, option: "small", request: r3[0]!.id });
    expect(cards(card)[0]!.question).toBe("Charge visa 20 (large), gift 10 (small)?");
    expect(writes(h.press("pay"))).toEqual(["charge"]);
    expect(h.runs.filter((r) => r.kind === "write").map((r) => r.inputs)).toEqual([{ amounts: [20, 10] }]);
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
