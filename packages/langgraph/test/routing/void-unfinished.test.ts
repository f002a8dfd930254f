/** Putting a skill on hold (pure): which yeses and approval requests are voided, and what stays. */
import { beforeAll, describe, expect, it } from "vitest";
import { initialState, type ApprovalRequest, type Confirmation, type FlowState, type LedgerEntry, type Skill } from "@skillflow/core";
import { loadFlowSkill } from "../../src/load-flow-skill.js";
import { voidUnfinished } from "../../src/routing/void-unfinished.js";
import { REFUND } from "./hosted.js";

let refund: Skill;
beforeAll(async () => {
  refund = (await loadFlowSkill(REFUND)).skill;
});

const yes = (key: string, by: Confirmation["by"] = "user"): Confirmation => ({ key, answer: "yes", digest: "d", by, turn: 1 });
const request = (id: string, status: ApprovalRequest["status"], instance: string): ApprovalRequest => ({
  id, confirm: "supervisor_ok", role: "supervisor", status,
  card: { confirm: "supervisor_ok", question: "?", digest: "d", writes: [{ tool: "issue_refund", instance, inputs: {} }] },
});
const done = (instance: string): LedgerEntry => ({
  tool: "issue_refund", instance, idempotencyKey: `k-${instance}`, inputs: {}, inputsDigest: "i", status: "done", turn: 1,
});

describe("voidUnfinished", () => {
  it("removes every yes of a confirm that covers writes, and keeps answers, the ledger and a no", () => {
    const flow: FlowState = {
      ...initialState("t:order-refund"),
      answers: { email: { value: "maria@example.com", by: "model", turn: 1 } },
      confirmations: {
        "refund_item@5:JUG": yes("refund_item@5:JUG"),
        "supervisor_ok@5:ESP": yes("supervisor_ok@5:ESP", "approval"),
        "refund_item@5:ESP": { ...yes("refund_item@5:ESP"), answer: "no" },
      },
      ledger: { "5.2.3@5:ESP": done("5.2.3@5:ESP") },
    };
    const { flow: held, voided } = voidUnfinished(refund, flow);
    expect(voided.sort()).toEqual(["refund_item@5:JUG", "supervisor_ok@5:ESP"]);
    expect(Object.keys(held.confirmations)).toEqual(["refund_item@5:ESP"]);
    expect(held.answers).toEqual(flow.answers);
    expect(held.ledger).toEqual(flow.ledger);
  });

  it("withdraws waiting requests and approvals whose writes have not all run; keeps rejections and finished ones", () => {
    const flow: FlowState = {
      ...initialState("t:order-refund"),
      approvals: {
        waiting: request("waiting", "waiting", "a"),
        unfinished: request("unfinished", "approved", "b"),
        finished: request("finished", "approved", "c"),
        rejected: request("rejected", "rejected", "d"),
      },
      ledger: { c: done("c") },
    };
    const { flow: held, voided } = voidUnfinished(refund, flow);
    expect(voided.sort()).toEqual(["unfinished", "waiting"]);
    expect(Object.keys(held.approvals).sort()).toEqual(["finished", "rejected"]);
  });
});
