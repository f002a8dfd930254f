/**
 * A confirm that covers a write on some ways only: its "Covers:" line and the write's "Before each
 * change" say under which condition, from the checker's `endedBy` (check/paths.ts).
 */
import { describe, expect, test } from "vitest";
import { renderProcedure } from "@skillflow/core";
import { gateAnalysisOf } from "../packages/core/src/check/paths.js";
import { buildIR, type StepSpec } from "./helpers/build-ir.js";

const obj = (fields: Record<string, unknown>, descriptions?: Record<string, string>) =>
  ({ t: "object", fields, ...(descriptions ? { descriptions } : {}) }) as never;

const TOOLS = {
  count_days: { kind: "lookup" as const, params: ["start"], output: obj({ days: { t: "int" }, urgent: { t: "bool" }, rows: { t: "list", of: obj({ id: { t: "string" } }) } }, { days: "the length of the leave in days", urgent: "whether the leave is urgent", rows: "the list of overlapping leaves" }) },
  file_leave: { kind: "write" as const, params: ["start"] },
  notify: { kind: "write" as const, params: ["start"] },
};

const skillOf = (steps: StepSpec[]) =>
  buildIR({ name: "leave", fields: { start: { kind: "text" }, note: { kind: "text" } }, tools: TOOLS, steps });

const lead: StepSpec[] = [{ ask: "start", q: "When?" }, { do: "count_days" }, { confirm: "submit", q: "Submit?" }];
const manager: StepSpec = { confirm: "manager_ok", q: "Approve?", by: "manager" };

function lines(md: string, prefix: string): string[] {
  return md.split("\n").filter((l) => l.trimStart().startsWith(prefix));
}

describe("a confirm whose region a later approval may end", () => {
  const skill = skillOf([...lead, { when: "count_days.days > 5", steps: [manager] }, { do: "file_leave" }]);
  const md = renderProcedure(skill, "md");

  test("the checker says which confirm steps end the region of `submit` before file_leave", () => {
    const [write] = gateAnalysisOf(skill).writes;
    expect(write!.confirms.map((c) => [c.stepId, c.endedBy])).toEqual([["3", ["4.1"]], ["4.1", undefined]]);
  });
  test("Covers: conditional for the confirm that is overridden, plain for the approval", () => {
    expect(lines(md, "- Covers")).toEqual([
      "  - Covers: `file_leave` (step 5) only when the length of the leave in days is at most 5",
      "    - Covers: `file_leave` (step 5)",
    ]);
  });
  test("Before each change lists both confirms, each with its condition", () => {
    expect(lines(md, "- Confirmation")).toEqual([
      "- Confirmation: (one of 2) yes to `submit` (step 3) from the person: \"Submit?\", only when the length of the leave in days is at most 5",
      "- Confirmation: (one of 2) yes to `manager_ok` (step 4.1) from the `manager` role: \"Approve?\", only when the length of the leave in days is above 5",
    ]);
  });
});

describe("the condition in other shapes", () => {
  test("a write covered on every way keeps the plain list", () => {
    const md = renderProcedure(skillOf([...lead, { do: "file_leave" }, { do: "notify" }]), "md");
    expect(lines(md, "- Covers")).toEqual(["  - Covers: `file_leave` (step 4) and `notify` (step 5)"]);
  });
  test("one conditional and one plain write are separated by a semicolon", () => {
    const md = renderProcedure(skillOf([...lead, { do: "notify" }, { when: "count_days.urgent", steps: [{ ask: "note", q: "Why?" }] }, { do: "file_leave" }]), "md");
    expect(lines(md, "- Covers")).toEqual(["  - Covers: `notify` (step 4); `file_leave` (step 6) only when it is not true that the leave is urgent"]);
  });
  test("nested conditions: the ask runs only when both hold; an inner one is implied by an outer one", () => {
    const md = renderProcedure(skillOf([...lead,
      { when: "count_days.days > 5", steps: [{ when: "count_days.urgent", steps: [{ ask: "note", q: "Why?" }] }] },
      { do: "file_leave" }]), "md");
    expect(lines(md, "- Covers")).toEqual(["  - Covers: `file_leave` (step 5) only when the length of the leave in days is at most 5 or it is not true that the leave is urgent"]);
    const implied = renderProcedure(skillOf([...lead,
      { when: "count_days.days > 5", steps: [manager, { when: "count_days.urgent", steps: [{ ask: "note", q: "Why?" }] }] },
      { do: "file_leave" }]), "md");
    expect(lines(implied, "- Covers")[0]).toBe("  - Covers: `file_leave` (step 5) only when the length of the leave in days is at most 5");
  });
  test("two independent conditions, and a list that must be empty", () => {
    const md = renderProcedure(skillOf([...lead,
      { when: "count_days.days > 5", steps: [manager] },
      { repeat: { for: "row", in: "count_days.rows" }, steps: [{ ask: "note", q: "Why?" }] },
      { do: "file_leave" }]), "md");
    expect(lines(md, "- Covers")[0]).toBe("  - Covers: `file_leave` (step 6) only when the length of the leave in days is at most 5 and the list of overlapping leaves is empty");
  });
  test("an ask on an earlier row of the loop the write is in is named by its step", () => {
    const md = renderProcedure(skillOf([...lead,
      { repeat: { for: "row", in: "count_days.rows" }, steps: [{ do: "file_leave" }, { ask: "note", q: "Why?" }] }]), "md");
    expect(lines(md, "- Covers")).toEqual(["  - Covers: `file_leave` (step 4.1) only when step 4.2 has not run since step 3"]);
    const two = renderProcedure(skillOf([...lead,
      { repeat: { for: "row", in: "count_days.rows" }, steps: [{ do: "file_leave" }, { ask: "note", q: "Why?" }, { ask: "start", q: "When?" }] }]), "md");
    expect(lines(two, "- Covers")).toEqual(["  - Covers: `file_leave` (step 4.1) only when steps 4.2 and 4.3 have not run since step 3"]);
  });
});
