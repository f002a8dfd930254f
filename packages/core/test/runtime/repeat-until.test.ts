/**
 * Issue 38 (B): `repeat: { until:, at_most:, for:, as: }` with `exhausted:`. Each pass has its own scope
 * (answers, confirmations, writes, lookups); `until` is read at a pass's end with that pass's values;
 * `as:` is the earlier passes inside the body and every pass after it; the bound runs `exhausted:`.
 * Each attack on the gate is kept here as a test.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { asked, cards, errors, Host, refusals, says, skillFrom, T, toolInfo, writes } from "./host.js";

const STEPS = `- ask: { ticket: "Which ticket?" }
- repeat: { until: "review.verdict == 'approve'", at_most: 3, for: round, as: rounds }
  steps:
    - ask: { note: "What should change in round {round} ({size(rounds)} earlier)?" }
    - confirm: { work: "Let the developer work on {ticket} (round {round}): {note}?" }
    - do: develop
    - do: review
  exhausted:
    - end: gave_up
      status: failed
      tell: "No approval after {size(rounds)} rounds: {rounds.map(r, r.review.verdict)}."
- end: approved
  status: success
  tell: "Approved in round {size(rounds)}: {rounds.map(r, r.note + '=' + r.review.verdict)}."
`;
const md = (steps = STEPS) => `---
name: dev-loop
description: Develop until the reviewer approves.
---
## Fields

\`\`\`yaml
ticket: { text: true }
note: { text: true }
\`\`\`

## Steps

\`\`\`yaml
${steps}\`\`\`
`;
const TOOLS = [
  { ...toolInfo("develop", "write", { ticket: T.str, note: T.str, round: T.int }, { patch_id: T.str }), card: "Develop {ticket}: {note} (round {round})" },
  toolInfo("review", "lookup", { patch_id: T.str }, { verdict: T.str }),
];

/** A host whose reviewer answers `verdicts` in order, one per call; develop always makes the same patch. */
function host(verdicts: string[], text = md()) {
  const skill = skillFrom(text, TOOLS);
  let reviews = 0;
  return new Host(skill, {
    develop: () => ({ patch_id: "P1" }),
    review: () => ({ verdict: verdicts[reviews++] ?? "reject" }),
  });
}
const runsOf = (h: Host, tool: string) => h.runs.filter((r) => r.tool === tool);

describe("repeat … until — a loop that ends on a condition", () => {
  it("loads clean, and runs pass after pass until the reviewer approves, each pass asking, confirming and writing anew", () => {
    const h = host(["reject", "approve"]);
    expect(checkSkill(h.skill)).toEqual([]);
    h.text("ticket T-1", { ticket: "T-1" });
    expect(asked(h.text("fix the bug", { note: "fix the bug" }))).toBe(undefined);
    const first = h.press("work");
    expect(writes(first)).toEqual(["develop"]);
    expect(runsOf(h, "develop")[0]!.inputs).toEqual({ ticket: "T-1", note: "fix the bug", round: 1 });
    // Pass 2: its own question, with one earlier pass gathered.
    expect(first.effects.find((e) => e.type === "ask")).toMatchObject({ question: "What should change in round 2 (1 earlier)?" });
    const card = h.text("add a test", { note: "add a test" });
    expect(cards(card)[0]!.question).toBe("Let the developer work on T-1 (round 2): add a test?");
    const done = h.press("work");
    expect(writes(done)).toEqual(["develop"]);
    // The same lookup inputs ran the review again in the second pass (cached per pass).
    expect(runsOf(h, "review").map((r) => r.inputs)).toEqual([{ patch_id: "P1" }, { patch_id: "P1" }]);
    expect(says(done)).toEqual(["Approved in round 2: fix the bug=reject, add a test=approve."]);
    expect(runsOf(h, "develop").map((r) => r.instance)).toEqual(["2.3@2:1", "2.3@2:2"]);
  });

  it("runs `exhausted:` when the last allowed pass ends without the condition", () => {
    const h = host(["reject", "reject", "reject", "approve"]);
    h.text("ticket T-1", { ticket: "T-1" });
    for (const note of ["a", "b", "c"]) {
      h.text(note, { note });
      h.press("work");
    }
    expect(runsOf(h, "develop")).toHaveLength(3);
    expect(runsOf(h, "review")).toHaveLength(3);
    const last = h.runs.length;
    expect(h.state.ended).toMatchObject({ outcome: "gave_up" });
    expect(h.runs).toHaveLength(last);
  });

  it("a second pass does not reuse the first pass's yes: its write waits for a yes of its own", () => {
    const h = host(["reject", "approve"]);
    h.text("ticket T-1", { ticket: "T-1" });
    h.text("a", { note: "a" });
    h.press("work");
    const second = h.text("b", { note: "b" });
    expect(writes(second)).toEqual([]);
    expect(cards(second)).toHaveLength(1);
    // A yes typed before the card of pass 2 was shown is not taken for it either: nothing runs without the press.
    expect(runsOf(h, "develop")).toHaveLength(1);
    expect(writes(h.press("work"))).toEqual(["develop"]);
  });

  it("a correction of the first pass's answer after pass 2 started does not run pass 1's write again", () => {
    const h = host(["reject", "approve"]);
    h.text("ticket T-1", { ticket: "T-1" });
    h.text("a", { note: "a" });
    h.press("work");
    // In pass 2 the model's `note` is pass 2's answer; pass 1's answer and write stay as they were.
    const turn = h.text("actually b", { note: "b" });
    expect(runsOf(h, "develop")).toHaveLength(1);
    expect(cards(turn)[0]!.question).toBe("Let the developer work on T-1 (round 2): b?");
    expect(h.state.answers["note@2:1"]?.value).toBe("a");
    // Changing the ticket the done pass-1 write took is refused, not run again.
    const change = h.text("ticket T-2 please", { ticket: "T-2" });
    expect(runsOf(h, "develop")).toHaveLength(1);
    expect(h.state.answers.ticket?.value).toBe("T-1");
    expect(errors(change)).toEqual([]);
    expect(refusals(change)).toEqual(["develop already ran with ticket T-1, so ticket cannot change now."]);
  });

  it("a press sent again after pass 1's write, before pass 2's card is shown, releases nothing", () => {
    const h = host(["reject", "approve"]);
    h.text("ticket T-1", { ticket: "T-1" });
    h.text("a", { note: "a" });
    h.press("work");
    const again = h.press("work");
    expect(writes(again)).toEqual([]);
    expect(asked(again)).toBe("note");
    // Pass 2's write takes pass 2's own values, never pass 1's.
    h.text("b", { note: "b" });
    h.press("work");
    expect(runsOf(h, "develop").map((r) => r.inputs)).toEqual([
      { ticket: "T-1", note: "a", round: 1 },
      { ticket: "T-1", note: "b", round: 2 },
    ]);
  });

  it("after the bound is reached, nothing more runs: no fourth pass, no write", () => {
    const h = host(["reject", "reject", "reject"]);
    h.text("ticket T-1", { ticket: "T-1" });
    for (const note of ["a", "b", "c"]) {
      h.text(note, { note });
      h.press("work");
    }
    const after = h.text("d", { note: "d" });
    expect(after.calls).toEqual([]);
    expect(runsOf(h, "develop")).toHaveLength(3);
  });

  it("an approval in one pass does not release the next pass's write: each pass files its own request", () => {
    const steps = STEPS.replace(
      '    - confirm: { work: "Let the developer work on {ticket} (round {round}): {note}?" }\n',
      '    - confirm: { work: "Let the developer work on {ticket} (round {round}): {note}?" }\n      by: lead\n',
    );
    const h = host(["reject", "approve"], md(steps));
    expect(checkSkill(h.skill)).toEqual([]);
    h.text("ticket T-1", { ticket: "T-1" });
    h.text("a", { note: "a" });
    expect(writes(h.send({ type: "approve", confirm: "work", by: "lead", yes: true }))).toEqual(["develop"]);
    h.text("b", { note: "b" });
    // The lead's approval of pass 1 is not an approval of pass 2: nothing runs until the lead approves again.
    expect(runsOf(h, "develop")).toHaveLength(1);
    expect(writes(h.send({ type: "approve", confirm: "work", by: "lead", yes: true }))).toEqual(["develop"]);
    expect(runsOf(h, "develop").map((r) => r.inputs.note)).toEqual(["a", "b"]);
  });

  it("a lookup the body only names (here in until:, with no do:) runs anew in every pass too", () => {
    const steps = STEPS.replace("    - do: review\n", "").replace("{rounds.map(r, r.review.verdict)}", "{size(rounds)}").replace("r.note + '=' + r.review.verdict", "r.note");
    const h = host(["reject", "approve"], md(steps));
    expect(checkSkill(h.skill)).toEqual([]);
    h.text("ticket T-1", { ticket: "T-1" });
    h.text("a", { note: "a" });
    h.press("work");
    h.text("b", { note: "b" });
    const done = h.press("work");
    expect(runsOf(h, "review").map((r) => r.inputs)).toEqual([{ patch_id: "P1" }, { patch_id: "P1" }]);
    expect(says(done)).toEqual(["Approved in round 2: a, b."]);
  });
});
