/**
 * `flow procedure` says how often a write may run: once per flow, or once per row or per pass of the loop
 * it is in (a write inside `repeat … until` runs once in each pass, each behind its own yes). Read from the
 * committed procedures, which test/procedure-golden.test.ts and `flow procedure --check` keep generated.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const procedure = (skill: string) => readFileSync(new URL(`../skills/${skill}/PROCEDURE.md`, import.meta.url), "utf8");
const onceLines = (text: string) => text.split("\n").filter((l) => l.startsWith("- Runs at most once"));

describe("how often a write runs, in the procedure", () => {
  it("a write in an until loop runs once per pass, one in a loop over a list once per row, any other once per flow", () => {
    expect(onceLines(procedure("dev-review"))).toEqual(["- Runs at most once per pass of its loop, and only with exactly the inputs shown when the yes was given."]);
    expect(new Set(onceLines(procedure("order-refund")))).toEqual(new Set(["- Runs at most once per row of its loop, and only with exactly the inputs shown when the yes was given."]));
    expect(new Set(onceLines(procedure("conference-trip")))).toEqual(new Set(["- Runs at most once per flow, and only with exactly the inputs shown when the yes was given."]));
  });
});
