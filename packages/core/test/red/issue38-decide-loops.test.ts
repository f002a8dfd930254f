/**
 * Red-team attacks on issue 38's `decide` inside loops: a decide by a role in a repeat … until with a
 * switch on it (stale approvals of an earlier pass, the `no` way's end, the bound's `exhausted:` end, the
 * procedure), and a decide by a role inside a checked repeat whose pass is picked to change.
 * Each test drives the pure runtime with the in-test host; a held attack asserts the write did not
 * run, ran once, or received what its card showed.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { renderProcedure } from "../../src/index.js";
import { asked, cards, Host, says, skillFrom, T, toolInfo, writes } from "../runtime/host.js";
import { doc, requests, question } from "./issue38-helpers.js";

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
    const md = renderProcedure(skill, "md");
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
