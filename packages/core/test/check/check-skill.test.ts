import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { bool, dbl, int, list, lookupTool, obj, skillFromText, str, writeTool } from "../helpers/skill-text.js";

const tools = [
  lookupTool("find_order", { order_id: str }, obj({ known: bool, items: list(obj({ id: str, price: dbl })), email: str })),
  lookupTool("refund_quote", { order_id: str }, obj({ amount: dbl })),
  writeTool("issue_refund", { order_id: str, amount: dbl }, obj({ refund_id: str })),
  writeTool("create_return", { order_id: str }, obj({ label: str })),
  writeTool("send_label", { label: str, email: str }, obj({ sent: bool })),
  writeTool("log_reason", { order_id: str, reason: str }, obj({ logged: bool })),
];
const fields = `order_id: { lookup: find_order }
reason: { text: true }
count: { number: { min: 1 } }`;
const rules = (steps: string, f = fields) => checkSkill(skillFromText(f, steps, tools)).map((d) => `${d.line}:${d.column} ${d.ruleId}`);

describe("checkSkill", () => {
  it("accepts a skill that follows every rule", () => {
    expect(rules(`
- ask: { order_id: "Which order?" }
  check:
    find_order.known: "I do not know that order."
- when: refund_quote.amount > 100
  steps:
    - ask: { reason: "Why?" }
- confirm: { refund: "Refund {refund_quote.amount} EUR to {find_order.email}?" }
- do: issue_refund
- say: "Refund {issue_refund.refund_id} is on its way."`)).toEqual([]);
  });

  it("counts a lookup as run where a condition reads it, so its outputs bind later inputs", () => {
    // `amount` (an input of issue_refund) comes from refund_quote, first read by the `when`.
    expect(rules(`
- ask: { order_id: "Which order?" }
- when: refund_quote.amount > 1
  steps:
    - say: "Big one."
- confirm: { refund: "Refund?" }
- do: issue_refund`)).toEqual([]);
    // Without any read of refund_quote, nothing produces `amount`.
    expect(rules(`
- ask: { order_id: "Which order?" }
- confirm: { refund: "Refund?" }
- do: issue_refund`)).toEqual(["9:7 unbound-tool-input"]);
  });

  it("lets a check use a lookup whose input is the field being asked", () => {
    expect(rules(`
- ask: { count: "How many?" }
- ask: { order_id: "Which order?" }
  check:
    refund_quote.amount > 0: "Nothing to refund."`)).toEqual([]);
  });

  it("treats inputs from the loop variable and per-iteration answers as bound", () => {
    expect(rules(`
- ask: { count: "How many?" }
- repeat: { for: order_id, in: '["a", "b"]' }
  steps:
    - confirm: { refund: "Refund order {order_id}?" }
    - do: create_return`, "count: { number: {} }")).toEqual([]);
  });

  it("reports an ask in only one branch as 'only on some paths'", () => {
    const diagnostics = checkSkill(skillFromText(fields, `
- ask: { order_id: "Which order?" }
- when: find_order.known
  steps:
    - ask: { count: "How many?" }
- when: count > 1
  steps:
    - say: "Several."`, tools));
    expect(diagnostics.map((d) => [d.line, d.column, d.ruleId])).toEqual([[11, 9, "used-before-asked"]]);
    expect(diagnostics[0].reason).toContain("only on some paths");
  });

  it("does not report asks under `when: C` and `when: !C` as duplicates, but does under two `when: C`", () => {
    const steps = (second: string) => `
- ask: { order_id: "Which order?" }
- when: find_order.known
  steps:
    - ask: { reason: "Why?" }
- when: ${second}
  steps:
    - ask: { reason: "Why not?" }`;
    expect(rules(steps('"!find_order.known"'))).toEqual([]);
    expect(rules(steps("find_order.known"))).toEqual(["13:14 duplicate-ask"]);
  });

  it("flags a confirmed write whose input comes from another write under the same confirm", () => {
    expect(rules(`
- ask: { order_id: "Which order?" }
- confirm: { ship: "Create and send a return label?" }
- do: create_return
- do: send_label
- say: "{find_order.email}"`)).toContain("10:3 unconfirmable-input");
  });

  it("keeps one diagnostic per problem for an ungated write and names a path of at most four conditions", () => {
    const blocks = Array.from({ length: 6 }, (_, i) => `- when: count > ${i}\n  steps:\n    - confirm: { c${i}: "Go?" }\n    - do: create_return`).join("\n");
    const diagnostics = checkSkill(skillFromText(fields, `- ask: { order_id: "Which?" }\n- ask: { count: "How many?" }\n${blocks}\n- do: create_return`, tools));
    // (The last create_return also runs a second time on the paths where a `when` ran: duplicate-write warns.)
    const errors = diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => d.ruleId)).toEqual(["ungated-write"]);
    expect(errors[0].reason).toBe(
      "when `count > 0` is false, `count > 1` is false, `count > 2` is false (and 3 more `when` outcomes on that path), `create_return` runs with no confirm above it.",
    );
  });
});

describe("ungated-write wording", () => {
  it("names a later pass of a repeat whose body asks what a write takes, and says to confirm inside the loop", () => {
    const diagnostics = checkSkill(skillFromText(fields, `
- ask: { order_id: "Which order?" }
- ask: { reason: "Why?" }
- confirm: { all: "Return every item?" }
- repeat: { for: item, in: find_order.items }
  steps:
    - do: create_return
    - do: log_reason
    - ask: { reason: "Why does the {item.id} go back?" }`, tools));
    // create_return does not take `reason`: the ask leaves it under the confirm on every pass.
    expect(diagnostics.filter((x) => x.ruleId === "ungated-write")).toHaveLength(1);
    const d = diagnostics.find((x) => x.ruleId === "ungated-write")!;
    expect([d.line, d.column, d.ruleId]).toEqual([13, 7, "ungated-write"]);
    expect(d.reason).toBe(
      "on a second pass of the `repeat` at line 10, `log_reason` runs with no confirm above it: the ask for `reason` at line 14 ends the region of confirm `all` (line 9) for `log_reason`, which takes `reason`.",
    );
    expect(d.fix).toBe("Put a `confirm:` step inside the `repeat` at line 10, above line 13, so each iteration confirms its own writes.");
  });
});

describe("checkSkill at scale", () => {
  // The bound tells polynomial from exponential (walking the paths would never end), loose enough for a
  // loaded machine; check time itself is pinned best-of-three in test/loader-fuzz.test.ts.
  it("checks a parsed skill of 1,050 steps with 300 nested whens without walking its paths", () => {
    const n = 150;
    const declared = [`n: { number: {} }`, ...Array.from({ length: n }, (_, i) => `f${i}: { choices: [x, y] }`)].join("\n");
    const blocks = Array.from({ length: n }, (_, i) => [
      `- when: n > ${i}`, "  steps:", `    - ask: { f${i}: "Which one?" }`, `    - when: f${i} == "x"`, "      steps:",
      `        - confirm: { c${i}: "Refund order {order_id}?" }`, "        - do: create_return",
      "        - say: \"Label {create_return.label}.\"", `- say: "Block ${i} done for {order_id}."`,
    ].join("\n")).join("\n");
    const skill = skillFromText(`${fields}\n${declared}`, `- ask: { order_id: "Which?" }\n- ask: { n: "How many?" }\n${blocks}`, tools);
    const started = performance.now();
    const diagnostics = checkSkill(skill);
    const elapsed = performance.now() - started;
    expect(diagnostics).toEqual([]);
    expect(elapsed).toBeLessThan(10_000);
  });
});
