/** `sum(list)` in conditions and templates: CEL has no total of a list (a card sums a price difference over a gathered list). */
import { it, expect } from "vitest";
import { createExpressions } from "../../src/expr/create-expressions.js";
it("adds a list of doubles or of ints, and type-checks as a number", () => {
  const skill: any = { fields: {}, tools: {}, steps: [] };
  const e = createExpressions(skill);
  expect(e.evaluate("sum([1.5, 2.25])", {})).toEqual({ ok: true, value: 3.75 });
  expect(e.evaluate("sum([1, 2])", {})).toEqual({ ok: true, value: 3 });
  expect(e.typeCheck("sum([1.5]) > 1.0").ok).toBe(true);
});
