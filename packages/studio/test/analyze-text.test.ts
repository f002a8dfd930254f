/**
 * What the editor's check gives: the loader's diagnostics (as `flow check` has them), the Canvas from
 * core's coverage (writes gated or not, the confirms covering each, what each confirm covers; nested
 * blocks; problems on their step) and, for a skill that passes, what it proved — the procedure's own
 * sentences at each write's line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importToolsBeside, loadSkillText } from "@skillflow/core/loader";
import { buildProcedure } from "@skillflow/core";
import { analyzeText } from "../src/analysis/analyze-text.js";
import type { CanvasStep } from "../src/analysis/build-canvas.js";

const SKILLS = fileURLToPath(new URL("../../../skills/", import.meta.url));

async function analyze(name: string, edit: (text: string) => string = (t) => t) {
  const folder = join(SKILLS, name);
  const file = join(folder, "SKILL.md");
  return analyzeText(file, folder, edit(readFileSync(file, "utf8")), await importToolsBeside(file));
}

const flat = (steps: readonly CanvasStep[]): CanvasStep[] => steps.flatMap((s) => [s, ...flat(s.steps ?? [])]);

describe("analyzeText", () => {
  it("the trip: four writes gated by pay, the pay confirm covering them, the approval ask nested in its when", async () => {
    const { analysis } = await analyze("conference-trip");
    expect(analysis.passes).toBe(true);
    const steps = flat(analysis.canvas);
    const writes = steps.filter((s) => s.tool === "write");
    expect(writes.map((w) => [w.title, w.gated, w.coveredBy!.map((c) => c.confirm)])).toEqual([
      ["do hold_flight", true, ["pay"]], ["do hold_hotel", true, ["pay"]], ["do reserve_cab", true, ["pay"]], ["do take_payment", true, ["pay"]],
    ]);
    expect(steps.find((s) => s.kind === "confirm")!.covers!.map((c) => c.tool)).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
    const when = analysis.canvas.find((s) => s.kind === "when")!;
    expect(when.steps!.map((s) => s.title)).toEqual(["ask approval_code"]);
    const text = readFileSync(join(SKILLS, "conference-trip/SKILL.md"), "utf8").split("\n");
    for (const s of steps) expect(text[s.line - 1]).toContain(s.kind === "do" ? `do: ${s.title.slice(3)}` : `${s.kind}:`);
  });

  it("a repeat with check: is drawn with its gathered name and its check across the passes", async () => {
    const folder = fileURLToPath(new URL("../../../test/fixtures/loops/split-payment/", import.meta.url));
    const file = join(folder, "SKILL.md");
    const { analysis } = await analyzeText(file, folder, readFileSync(file, "utf8"), await importToolsBeside(file));
    expect(analysis.passes).toBe(true);
    const repeat = analysis.canvas.find((s) => s.kind === "repeat")!;
    expect(repeat.title).toBe("repeat for method in find_booking.methods.filter(m, m.id in method_ids) as payments");
    expect(repeat.checks).toEqual(["round(sum(payments.map(p, p.amount)), 2) == find_booking.total"]);
    expect(repeat.steps!.map((s) => s.title)).toEqual(["ask amount"]);
  });

  it("a field with default: is drawn on its ask with the expression it starts from", async () => {
    const { analysis } = await analyze("retail/modify-order-address");
    expect(analysis.passes).toBe(true);
    const asks = flat(analysis.canvas).filter((s) => s.kind === "ask" && s.default !== undefined);
    expect(asks.map((s) => [s.title, s.default])).toEqual([
      ["ask new_address1", "get_order_details.address.address1"], ["ask new_address2", "get_order_details.address.address2"],
      ["ask new_city", "get_order_details.address.city"], ["ask new_state", "get_order_details.address.state"],
      ["ask new_country", "get_order_details.address.country"], ["ask new_zip", "get_order_details.address.zip"],
    ]);
  });

  it("a retail skill: the sign-in part's steps are drawn with their part and its lines, a problem in the skill on the skill's steps", async () => {
    const { analysis } = await analyze("retail/cancel-order");
    expect(analysis.passes).toBe(true);
    const part = readFileSync(join(SKILLS, "retail/parts/sign-in.md"), "utf8").split("\n");
    const own = readFileSync(join(SKILLS, "retail/cancel-order/SKILL.md"), "utf8").split("\n");
    const steps = flat(analysis.canvas);
    expect(analysis.canvas.slice(0, 3).map((s) => [s.id, s.kind, s.part])).toEqual([["1", "ask", "../parts/sign-in.md"], ["2", "when", "../parts/sign-in.md"], ["3", "when", "../parts/sign-in.md"]]);
    for (const s of steps) expect((s.part ? part : own)[s.line - 1]).toContain(s.kind === "do" ? `do: ${s.title.slice(3)}` : `${s.kind}:`);
    expect(steps.find((s) => s.id === "4")!.part).toBeUndefined();
    // A mistake in the skill is on the skill's steps, never on the part's.
    const broken = await analyze("retail/cancel-order", (t) => t.replace("- do: cancel_pending_order", "- do: cancel_pending_ordr"));
    const flagged = flat(broken.analysis.canvas).filter((s) => s.problems.length > 0);
    expect(flagged.map((s) => [s.title, s.part])).toEqual([["confirm cancel", undefined], ["do cancel_pending_ordr", undefined]]);
  });

  it("the refund: confirms stack on issue_refund (the customer's yes, then the supervisor's approval), and What it proved is the procedure's", async () => {
    const { analysis, loaded } = await analyze("order-refund");
    const issue = flat(analysis.canvas).find((s) => s.title === "do issue_refund")!;
    expect(issue.coveredBy).toEqual([{ confirm: "refund_item", stepId: "5.2.2" }, { confirm: "supervisor_ok", stepId: "5.2.4.1", by: "supervisor" }]);
    const procedure = buildProcedure(loaded!.skill).writes;
    expect(analysis.proved!.map((w) => [w.tool, w.stepId, w.confirmations, w.approvals, w.checks, w.inputs])).toEqual(procedure.map((w) => [w.tool, w.number, w.confirmations, w.approvals, w.checks, w.inputs]));
    expect(analysis.proved!.find((w) => w.tool === "issue_refund")!.line).toBe(issue.line);
  });

  it("an ungated write: the same diagnostics as flow check, the write marked ungated on the Canvas with its problem, and nothing proved", async () => {
    const edit = (t: string) => t.replace(/\n\s*- confirm: \{ refund_item: [^\n]*/, "");
    const { analysis } = await analyze("order-refund", edit);
    expect(analysis.passes).toBe(false);
    const file = join(SKILLS, "order-refund/SKILL.md");
    const { diagnostics } = await loadSkillText(file, edit(readFileSync(file, "utf8")));
    expect(analysis.diagnostics).toEqual(diagnostics.map((d) => ({ ...d, file: "SKILL.md" })));
    const create = flat(analysis.canvas).find((s) => s.title === "do create_return")!;
    expect(create.gated).toBe(false);
    expect(create.coveredBy).toEqual([]);
    expect(create.problems).toContainEqual({ severity: "error", ruleId: "ungated-write", line: create.line });
    expect(analysis.proved).toBeUndefined();
  });

  it("the agent refund: a repeat … until is drawn with its bound and condition, its body and its exhausted: steps under it", async () => {
    const { analysis } = await analyze("agent-refund");
    expect(analysis.passes).toBe(true);
    const loop = analysis.canvas.find((s) => s.kind === "repeat")!;
    expect(loop.title).toBe("repeat until match_line.ok (at most 3, for attempt; exhausted: 5.4)");
    expect(loop.steps!.map((s) => [s.id, s.title])).toEqual([["5.1", "ask item_description"], ["5.2", "do match_line"], ["5.3", "when !match_line.ok"], ["5.4", "end item_not_matched (failed)"]]);
    const text = readFileSync(join(SKILLS, "agent-refund/SKILL.md"), "utf8").split("\n");
    expect(text[loop.steps![3]!.line - 1]).toContain("- end: item_not_matched");
    const refund = flat(analysis.canvas).find((s) => s.title === "do refund_line")!;
    expect(refund.coveredBy).toEqual([{ confirm: "refund", stepId: "6" }]);
  });

  it("half-typed YAML: no Canvas steps and a yaml-syntax error at its line", async () => {
    const { analysis } = await analyze("conference-trip", (t) => t.replace("- do: quote_trip", "- do: \"quote_trip"));
    expect(analysis.passes).toBe(false);
    expect(analysis.diagnostics.some((d) => d.ruleId === "yaml-syntax")).toBe(true);
  });
});
