/**
 * A confirm that covers a write on some ways only: its "Covers:" line and the write's "Before each
 * change" say under which condition, from the coverage walks' `endedBy` (check/coverage.ts): the asks
 * of something the write takes that may run between the confirm and the write. Confirms stack, so a
 * later approval adds a confirmation the write needs; it does not take the earlier one's place.
 */
import { describe, expect, test } from "vitest";
import { coverageOf, renderProcedure } from "@skillflow/core";
import { buildIR, type StepSpec } from "./helpers/build-ir.js";

const obj = (fields: Record<string, unknown>, descriptions?: Record<string, string>) =>
  ({ t: "object", fields, ...(descriptions ? { descriptions } : {}) }) as never;

const TOOLS = {
  count_days: { kind: "lookup" as const, params: ["start"], output: obj({ days: { t: "int" }, urgent: { t: "bool" }, rows: { t: "list", of: obj({ id: { t: "string" } }) } }, { days: "the length of the leave in days", urgent: "whether the leave is urgent", rows: "the list of overlapping leaves" }) },
  file_leave: { kind: "write" as const, params: ["start"] },
  notify: { kind: "write" as const, params: ["start"] },
  explain: { kind: "write" as const, params: ["note"] },
};

const skillOf = (steps: StepSpec[]) =>
  buildIR({ name: "leave", fields: { start: { kind: "text" }, note: { kind: "text" } }, tools: TOOLS, steps });

const lead: StepSpec[] = [{ ask: "start", q: "When?" }, { do: "count_days" }, { confirm: "submit", q: "Submit?" }];
const manager: StepSpec = { confirm: "manager_ok", q: "Approve?", by: "manager" };

function lines(md: string, prefix: string): string[] {
  return md.split("\n").filter((l) => l.trimStart().startsWith(prefix));
}

describe("a later approval stacks on the person's confirm", () => {
  const skill = skillOf([...lead, { when: "count_days.days > 5", steps: [manager] }, { do: "file_leave" }]);
  const md = renderProcedure(skill, "md");

  test("the write is under both confirms, and nothing ends either region", () => {
    const [write] = coverageOf(skill).writeGates();
    expect(write!.confirms.map((c) => [c.stepId, c.endedBy])).toEqual([["3", undefined], ["4.1", undefined]]);
  });
  test("Covers: both list the write", () => {
    expect(lines(md, "- Covers")).toEqual([
      "  - Covers: `file_leave` (step 5)",
      "    - Covers: `file_leave` (step 5)",
    ]);
  });
  test("Before each change lists both confirms as needed, the approval where it applies", () => {
    expect(lines(md, "- Confirmation")).toEqual([
      "- Confirmation: (1 of 2, all needed) yes to `submit` (step 3) from the person: \"Submit?\"",
      "- Confirmation: (2 of 2, all needed) yes to `manager_ok` (step 4.1) from the `manager` role: \"Approve?\", only when the length of the leave in days is above 5",
    ]);
  });
});

describe("the condition in other shapes", () => {
  test("a write covered on every way keeps the plain list", () => {
    const md = renderProcedure(skillOf([...lead, { do: "file_leave" }, { do: "notify" }]), "md");
    expect(lines(md, "- Covers")).toEqual(["  - Covers: `file_leave` (step 4) and `notify` (step 5)"]);
  });
  test("an ask ends the region only for a write that takes its answer", () => {
    const md = renderProcedure(skillOf([...lead, { do: "notify" }, { when: "count_days.urgent", steps: [{ ask: "note", q: "Why?" }] }, { do: "explain" }, { do: "file_leave" }]), "md");
    expect(lines(md, "- Covers")).toEqual([
      "  - Covers: `notify` (step 4); `explain` (step 6) only when it is not true that the leave is urgent; `file_leave` (step 7)",
    ]);
  });
  test("nested conditions: the ask runs only when both hold; an inner one is implied by an outer one", () => {
    const md = renderProcedure(skillOf([...lead,
      { when: "count_days.days > 5", steps: [{ when: "count_days.urgent", steps: [{ ask: "note", q: "Why?" }] }] },
      { do: "explain" }]), "md");
    expect(lines(md, "- Covers")).toEqual(["  - Covers: `explain` (step 5) only when the length of the leave in days is at most 5 or it is not true that the leave is urgent"]);
  });
  test("two independent conditions, and a list that must be empty", () => {
    const md = renderProcedure(skillOf([...lead,
      { when: "count_days.days > 5", steps: [{ ask: "note", q: "Why?" }] },
      { repeat: { for: "row", in: "count_days.rows" }, steps: [{ ask: "note", q: "Why?" }] },
      { do: "explain" }]), "md");
    expect(lines(md, "- Covers")[0]).toBe("  - Covers: `explain` (step 6) only when the length of the leave in days is at most 5 and the list of overlapping leaves is empty");
  });
  test("an ask on an earlier row of the loop the write is in is named by its step", () => {
    const md = renderProcedure(skillOf([{ ask: "note", q: "A note?" }, ...lead,
      { repeat: { for: "row", in: "count_days.rows" }, steps: [{ do: "explain" }, { ask: "note", q: "Why?" }] }]), "md");
    expect(lines(md, "- Covers")).toEqual(["  - Covers: `explain` (step 5.1) only when step 5.2 has not run since step 4"]);
  });
});
