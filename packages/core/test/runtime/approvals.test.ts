/**
 * Issue 3, point 7: approvals. `confirm … by: role` files one request (id, role, card) and waits; only an
 * `approve` naming that role satisfies it — a press, free text or the model cannot.
 */
import { describe, expect, it } from "vitest";
import { dropped, Host, says, skillFrom, T, toolInfo, tools, writes } from "./host.js";

const REFUND_MD = `---
name: refund
description: Refund an order, with a supervisor's approval.
---
## Fields

\`\`\`yaml
order_id: { pattern: "^O-[0-9]{4}$", message: "An order id looks like O-1234." }
\`\`\`

## Steps

\`\`\`yaml
- ask: { order_id: "Which order?" }
- do: refund_quote
- confirm: { refund: "Refund {refund_quote.amount} EUR for {order_id}?" }
  by: supervisor
- do: issue_refund
- say: "Refund issued: {issue_refund.ref}."
\`\`\`
`;

const skill = skillFrom(REFUND_MD, [
  toolInfo("refund_quote", "lookup", { order_id: T.str }, { amount: T.dbl }),
  toolInfo("issue_refund", "write", { order_id: T.str, amount: T.dbl }, { ref: T.str }),
]);

function waiting(): Host {
  const host = new Host(skill, {
    refund_quote: ({ order_id }) => ({ amount: order_id === "O-1234" ? 42.5 : 10 }),
    issue_refund: () => ({ ref: "R-1" }),
  });
  host.text("refund O-1234", { order_id: "O-1234" });
  return host;
}

describe("approvals by role", () => {
  it("reaching the confirm files one request with id, role and card, and waits", () => {
    const host = new Host(skill, { refund_quote: () => ({ amount: 42.5 }), issue_refund: () => ({ ref: "R-1" }) });
    const turn = host.text("refund O-1234", { order_id: "O-1234" });
    const requests = turn.effects.filter((e) => e.type === "request_approval");
    expect(requests.length).toBe(1);
    const request = requests[0].type === "request_approval" ? requests[0].request : undefined;
    expect(request).toMatchObject({ confirm: "refund", role: "supervisor", status: "waiting" });
    expect(request?.card.writes).toEqual([{
      tool: "issue_refund", instance: "4", inputs: { order_id: "O-1234", amount: 42.5 },
      words: "Issue refund", details: [{ input: "order_id", label: "Order id", value: "O-1234" }, { input: "amount", label: "Amount", value: "42.5" }],
    }]);
    expect(request?.card.question).toBe("Refund 42.5 EUR for O-1234?");
    expect(host.state.pending).toMatchObject({ kind: "approval", confirm: "refund", role: "supervisor", requestId: request?.id });
    expect(turn.trace).toContainEqual({ type: "approval_requested", confirm: "refund", role: "supervisor", id: request?.id });
  });

  it("the request is filed once: later events keep waiting without filing again", () => {
    const host = waiting();
    const turn = host.text("any news?", {});
    expect(turn.effects.filter((e) => e.type === "request_approval")).toEqual([]);
    expect(host.state.pending?.kind).toBe("approval");
    expect(Object.keys(host.state.approvals).length).toBe(1);
  });

  it("a press, the model and free text cannot approve", () => {
    const host = waiting();
    const press = host.press("refund");
    expect(press.trace).toContainEqual({ type: "dropped", field: "refund", reason: "needs an approval by supervisor; a button press cannot give it" });
    const model = host.text("I approve it", { refund: true });
    expect(model.trace).toContainEqual({
      type: "dropped", field: "refund", reason: "approval: only supervisor can approve it, from outside the conversation",
    });
    expect(writes(press)).toEqual([]);
    expect(writes(model)).toEqual([]);
    expect(host.state.confirmations).toEqual({});
  });

  it("an approval naming another role is dropped", () => {
    const host = waiting();
    const turn = host.send({ type: "approve", confirm: "refund", by: "clerk", yes: true });
    expect(dropped(turn)).toEqual(["refund"]);
    expect(writes(turn)).toEqual([]);
  });

  it("an approval by the role runs the write once", () => {
    const host = waiting();
    const turn = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true });
    expect(writes(turn)).toEqual(["issue_refund"]);
    expect(turn.calls[0].inputs).toEqual({ order_id: "O-1234", amount: 42.5 });
    expect(says(turn)).toEqual(["Refund issued: R-1."]);
    expect(turn.trace).toContainEqual({ type: "approval_given", confirm: "refund", role: "supervisor", yes: true });
    const again = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true });
    expect(tools(again)).toEqual([]);
  });

  it("a rejection runs nothing and says so", () => {
    const host = waiting();
    const turn = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: false });
    expect(writes(turn)).toEqual([]);
    expect(says(turn)).toEqual(["supervisor did not approve this."]);
    expect(host.state.pending?.kind).toBe("approval");
  });

  it("a change while waiting files a new request for the new card", () => {
    const host = waiting();
    const turn = host.text("sorry, order O-9999", { order_id: "O-9999" });
    const requests = turn.effects.flatMap((e) => (e.type === "request_approval" ? [e.request] : []));
    expect(requests.map((r) => r.card.writes[0].inputs)).toEqual([{ order_id: "O-9999", amount: 10 }]);
    const approved = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true });
    expect(approved.calls.map((c) => c.inputs)).toEqual([{ order_id: "O-9999", amount: 10 }]);
  });
});

describe("an approval tied to the request the approver saw", () => {
  const requestId = (host: Host): string => (host.state.pending?.kind === "approval" ? host.state.pending.requestId : "");

  it("an approval naming the waiting request runs the write", () => {
    const host = waiting();
    const turn = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true, request: requestId(host) });
    expect(writes(turn)).toEqual(["issue_refund"]);
  });

  it("an approval naming an earlier request (the card changed since) is refused as stale; nothing runs", () => {
    const host = waiting();
    const first = requestId(host);
    host.text("sorry, order O-9999", { order_id: "O-9999" });
    const current = requestId(host);
    expect(current).not.toBe(first);
    const turn = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true, request: first });
    expect(writes(turn)).toEqual([]);
    expect(host.state.confirmations).toEqual({});
    expect(host.state.approvals[first].status).toBe("waiting");
    expect(host.state.approvals[current].status).toBe("waiting");
    expect(turn.trace).toContainEqual({ type: "approval_stale", confirm: "refund", role: "supervisor", request: first, current });
    expect(says(turn)[0]).toBe(
      "That approval was for an earlier version of this request (the card has changed since), so it was not applied and nothing was run.",
    );
    expect(host.state.pending).toMatchObject({ kind: "approval", requestId: current });
    const fresh = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true, request: current });
    expect(fresh.calls.map((c) => c.inputs)).toEqual([{ order_id: "O-9999", amount: 10 }]);
  });

  it("an approval sent when no request is waiting says what is true: that request was already approved", () => {
    const host = waiting();
    const id = requestId(host);
    host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true, request: id });
    const again = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true, request: id });
    expect(writes(again)).toEqual([]);
    expect(says(again)[0]).toBe("That request was already approved, so it was not applied and nothing was run.");
  });

  it("a card that flips back to an earlier content gets a new request; the approver never approves one card and releases another", () => {
    const host = waiting();
    const first = requestId(host); // O-1234, 42.5 EUR
    host.text("sorry, order O-9999", { order_id: "O-9999" });
    const second = requestId(host); // O-9999, 10 EUR
    host.text("no, it was O-1234 after all", { order_id: "O-1234" });
    const third = requestId(host);
    expect(new Set([first, second, third]).size).toBe(3);
    // The approval of the card that is no longer shown (O-9999) releases nothing.
    const wrong = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true, request: second });
    expect(writes(wrong)).toEqual([]);
    expect(says(wrong)[0]).toBe("That approval was for an earlier version of this request (the card has changed since), so it was not applied and nothing was run.");
    // The first request, for the same content as now, is not revived: its id is refused too.
    const old = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true, request: first });
    expect(writes(old)).toEqual([]);
    const right = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true, request: third });
    expect(right.calls.map((c) => c.inputs)).toEqual([{ order_id: "O-1234", amount: 42.5 }]);
  });

  it("an approval naming a request that does not exist is refused as stale", () => {
    const host = waiting();
    const turn = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true, request: "refund#nope" });
    expect(writes(turn)).toEqual([]);
    expect(turn.trace.some((e) => e.type === "approval_stale")).toBe(true);
  });

  it("without a request id, the approval applies to the request waiting now (the card may have changed)", () => {
    const host = waiting();
    host.text("sorry, order O-9999", { order_id: "O-9999" });
    const turn = host.send({ type: "approve", confirm: "refund", by: "supervisor", yes: true });
    expect(turn.calls.map((c) => c.inputs)).toEqual([{ order_id: "O-9999", amount: 10 }]);
  });
});

describe("free text while waiting for an approval", () => {
  const line = "Waiting for approval from supervisor for: Refund 42.5 EUR for O-1234?";

  it("says what the flow is waiting for, every turn it waits", () => {
    const host = waiting();
    expect(says(host.text("any news?", {}))).toEqual([line]);
    expect(says(host.text("hello?", {}))).toEqual([line]);
    expect(says(host.press("refund"))).toEqual([line]);
  });

  it("the turn that files the request does not repeat it", () => {
    const host = new Host(skill, { refund_quote: () => ({ amount: 42.5 }), issue_refund: () => ({ ref: "R-1" }) });
    const turn = host.text("refund O-1234", { order_id: "O-1234" });
    expect(says(turn)).toEqual([]);
    expect(turn.effects.filter((e) => e.type === "request_approval").length).toBe(1);
  });
});
