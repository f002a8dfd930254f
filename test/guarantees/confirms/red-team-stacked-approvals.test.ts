/**
 * Red team, issue 8: trying by hand to get a write past stacked confirms — a supervisor's approval and
 * the customer's yes over one write, in both orders; changes after an approval; stale approvals, ones by
 * the wrong role, ones from another conversation; a write failing under both confirms. Every session
 * here also runs the turn-by-turn checks of properties (a) and (b) (observe-session.ts).
 */
import { describe, expect, it } from "vitest";
import type { FlowEvent } from "@skillflow/core";
import { Session } from "./observe-session.js";
import { cardsOf, listed, loaded, requestsOf, text, writesOf } from "./red-team-skill.js";

const SUPERVISOR_FIRST = loaded(`
- ask: { a: "Which option?" }
- when: 'quote.amount > 100'
  steps:
    - confirm: { sup: "Approve paying {quote.amount}?" }
      by: supervisor
- confirm: { pay: "Pay {quote.amount}?" }
- do: charge
`);

const CUSTOMER_FIRST = loaded(`
- ask: { a: "Which option?" }
- confirm: { pay: "Pay {quote.amount}?" }
- when: 'quote.amount > 100'
  steps:
    - confirm: { sup: "Approve paying {quote.amount}?" }
      by: supervisor
- do: charge
`);

const approve = (request?: string, by = "supervisor"): FlowEvent => ({ type: "approve", confirm: "sup", by, yes: true, ...(request ? { request } : {}) });

describe("stacked confirms: the supervisor's approval, then the customer's yes", () => {
  it("both cards list the write; a change after the approval voids it, and only a new approval releases the new amount", () => {
    const s = new Session(SUPERVISOR_FIRST);
    const first = s.send(text({ a: "y" }));
    const [r150] = requestsOf(first);
    expect(listed(r150?.card)).toEqual(['charge({"amount":150})']);
    const customer = s.send(approve(r150!.id));
    expect(listed(cardsOf(customer)[0])).toEqual(['charge({"amount":150})']);
    // The customer changes the option: 500 now. The approval was for 150.
    const changed = s.send(text({ a: "z" }));
    const [r500] = requestsOf(changed);
    expect(listed(r500?.card)).toEqual(['charge({"amount":500})']);
    expect(s.host.state.confirmations.sup).toBeUndefined();
    // The old approval, a press, the wrong role: nothing runs.
    expect(writesOf(s.send(approve(r150!.id)))).toEqual([]);
    expect(writesOf(s.send({ type: "press", confirm: "pay", yes: true }))).toEqual([]);
    expect(writesOf(s.send(approve(r500!.id, "manager")))).toEqual([]);
    expect(writesOf(s.send(approve(r500!.id)))).toEqual([]);
    expect(writesOf(s.send({ type: "press", confirm: "pay", yes: true }))).toEqual(['charge({"amount":500})']);
  });

  it("a change back to the approved amount (A → B → A) needs a new approval: the old one does not come back", () => {
    const s = new Session(SUPERVISOR_FIRST);
    const [r150] = requestsOf(s.send(text({ a: "y" })));
    s.send(approve(r150!.id));
    s.send(text({ a: "z" }));
    const back = s.send(text({ a: "y" }));
    const [again] = requestsOf(back);
    expect(again?.id).not.toBe(r150!.id);
    expect(listed(again?.card)).toEqual(['charge({"amount":150})']);
    expect(writesOf(s.send(approve(r150!.id)))).toEqual([]);
    expect(writesOf(s.send({ type: "press", confirm: "pay", yes: true }))).toEqual([]);
    s.send(approve(again!.id));
    expect(writesOf(s.send({ type: "press", confirm: "pay", yes: true }))).toEqual(['charge({"amount":150})']);
  });
});

describe("stacked confirms: the customer's yes, then the supervisor's approval", () => {
  it("the approval alone, or the yes alone, releases nothing; a change after both voids both", () => {
    const s = new Session(CUSTOMER_FIRST);
    const card = cardsOf(s.send(text({ a: "y" })))[0];
    expect(listed(card)).toEqual(['charge({"amount":150})']);
    expect(writesOf(s.send(approve()))).toEqual([]);
    const [r150] = requestsOf(s.send({ type: "press", confirm: "pay", yes: true, card: card!.digest }));
    expect(listed(r150?.card)).toEqual(['charge({"amount":150})']);
    // Before the supervisor answers, the customer changes the option: the yes for 150 is void too.
    const changed = s.send(text({ a: "z" }));
    expect(listed(cardsOf(changed)[0])).toEqual(['charge({"amount":500})']);
    expect(s.host.state.confirmations.pay).toBeUndefined();
    expect(writesOf(s.send(approve(r150!.id)))).toEqual([]);
    expect(writesOf(s.send({ type: "press", confirm: "pay", yes: true, card: card!.digest }))).toEqual([]);
    const [r500] = requestsOf(s.send({ type: "press", confirm: "pay", yes: true }));
    expect(writesOf(s.send(approve(r500!.id)))).toEqual(['charge({"amount":500})']);
  });

  it("an approval naming a request of another conversation, for the same card, is refused", () => {
    const other = new Session(CUSTOMER_FIRST, [false], { flowId: "flow-2" });
    other.send(text({ a: "y" }));
    const [theirs] = requestsOf(other.send({ type: "press", confirm: "pay", yes: true }));
    const s = new Session(CUSTOMER_FIRST);
    s.send(text({ a: "y" }));
    const [ours] = requestsOf(s.send({ type: "press", confirm: "pay", yes: true }));
    expect(theirs!.card.digest).toBe(ours!.card.digest);
    expect(theirs!.id).not.toBe(ours!.id);
    const turn = s.send(approve(theirs!.id));
    expect(turn.trace.some((e) => e.type === "approval_stale")).toBe(true);
    expect(writesOf(turn)).toEqual([]);
    expect(writesOf(s.send(approve(ours!.id)))).toEqual(['charge({"amount":150})']);
  });

  it("a write failing under both: the customer is asked again, the supervisor's approval of the same card still counts, and the retry runs once", () => {
    const s = new Session(CUSTOMER_FIRST, [true, false]);
    s.send(text({ a: "y" }));
    const [request] = requestsOf(s.send({ type: "press", confirm: "pay", yes: true }));
    const failed = s.send(approve(request!.id));
    expect(writesOf(failed)).toEqual(['charge({"amount":150})']);
    expect(listed(cardsOf(failed)[0])).toEqual(['charge({"amount":150})']);
    expect(s.host.state.confirmations.pay).toBeUndefined();
    expect(s.host.state.confirmations.sup?.answer).toBe("yes");
    const retry = s.send({ type: "press", confirm: "pay", yes: true });
    expect(writesOf(retry)).toEqual(['charge({"amount":150})']);
    expect(Object.values(s.host.state.ledger).map((e) => e.status)).toEqual(["done"]);
    expect(writesOf(s.send({ type: "press", confirm: "pay", yes: true }))).toEqual([]);
  });
});

describe("approvals that cannot be bound to what the approver read", () => {
  it("an approval naming no request answers the one waiting now, whatever card its approver saw (documented risk)", () => {
    const s = new Session(SUPERVISOR_FIRST);
    s.send(text({ a: "y" }));
    s.send(text({ a: "z" }));
    // An approver who read only the 150 card, and sends no request id: the 500 request is approved.
    const [r150, r500] = s.requests;
    expect(listed(r150!.card)).toEqual(['charge({"amount":150})']);
    const turn = s.send(approve());
    expect(s.host.state.confirmations.sup?.digest).toBe(r500!.card.digest);
    expect(listed(cardsOf(turn)[0])).toEqual(['charge({"amount":500})']);
  });
});

describe("an approval whose card lists no write", () => {
  const skill = loaded(`
- ask: { a: "Which option?" }
- confirm: { sup: "Approve buying every item?" }
  by: supervisor
- repeat: { for: it, in: quote.rows }
  steps:
    - do: buy
`);

  it("is not asked for when the list is empty (it would release nothing), and nothing runs", () => {
    const s = new Session(skill);
    const turn = s.send(text({ a: "z" }));
    expect(requestsOf(turn)).toEqual([]);
    expect(writesOf(turn)).toEqual([]);
    expect(turn.effects.some((e) => e.type === "done")).toBe(true);
  });

  it("is asked for as soon as the list has rows, and lists them", () => {
    const s = new Session(skill);
    s.send(text({ a: "z" }));
    const [request] = requestsOf(s.send(text({ a: "y" })));
    expect(listed(request?.card)).toEqual(['buy({"it":{"id":"R1","price":20}})', 'buy({"it":{"id":"R2","price":30}})']);
    expect(writesOf(s.send(approve(request!.id)))).toEqual(['buy({"it":{"id":"R1","price":20}})', 'buy({"it":{"id":"R2","price":30}})']);
  });
});
