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

it("rounds a double to some decimals: a sum of prices in cents", () => {
  const skill: any = { fields: {}, tools: {}, steps: [] };
  const e = createExpressions(skill);
  expect(e.evaluate("sum([549.84 - 471.77, 211.11 - 195.84])", {})).toEqual({ ok: true, value: 93.34000000000006 });
  expect(e.evaluate("round(sum([549.84 - 471.77, 211.11 - 195.84]), 2)", {})).toEqual({ ok: true, value: 93.34 });
  expect(e.evaluate("round(-12.344, 2)", {})).toEqual({ ok: true, value: -12.34 });
  expect(e.typeCheck("round(1.5, 0) > 1.0").ok).toBe(true);
  expect(e.typeCheck("round(1, 2) > 1.0").ok).toBe(false);
});
