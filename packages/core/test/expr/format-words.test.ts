/**
 * Values in words for cards and grids (issue 36): money with two decimals and thousands separators,
 * dates and times as a person reads them, the same on every machine; and the template functions
 * `money`, `date` and `time` that cards use, type-checked like any hole.
 */
import { describe, expect, it } from "vitest";
import { formatCell, formatDate, formatMoney, formatTime } from "../../src/expr/format-words.js";
import { createExpressions } from "../../src/expr/create-expressions.js";
import { parseSkill } from "../../src/format/parse-skill.js";

describe("values in words", () => {
  it("money: two decimals, a comma between thousands, the currency after", () => {
    expect([formatMoney(1275), formatMoney(1275, "EUR"), formatMoney(1234567.891, "EUR"), formatMoney(-40.5), formatMoney(0.1 + 0.2)])
      .toEqual(["1,275.00", "1,275.00 EUR", "1,234,567.89 EUR", "-40.50", "0.30"]);
  });

  it("dates and times written as ISO text read as words; other text is left as it is", () => {
    expect([formatDate("2027-03-17"), formatDate("2027-03-17 07:05"), formatDate("2027-03-17T22:40:00Z"), formatDate("18–19 March"), formatDate("2027-13-01")])
      .toEqual(["17 March 2027", "17 March 2027, 07:05", "17 March 2027, 22:40", "18–19 March", "2027-13-01"]);
    expect([formatTime("2027-03-17 07:05"), formatTime("2027-03-17")]).toEqual(["07:05", "17 March 2027"]);
  });

  it("a grid cell is short: a date-time as day, month and time; anything else as a card shows it", () => {
    expect([formatCell("2027-03-17 07:05"), formatCell("2027-02-20"), formatCell(320), formatCell(true), formatCell({ name: "Garden", floor: 0 })])
      .toEqual(["17 Mar, 07:05", "20 Feb 2027", "320", "yes", "Garden (floor: 0)"]);
  });

  it("money(), date() and time() are template functions, type-checked and rendered like any hole", () => {
    const { skill } = parseSkill("---\nname: s\ndescription: d\n---\n## Fields\n\n```yaml\nwhen: { text: true }\ntotal: { number: { min: 0, max: 99999 } }\nprice: { decimal: { min: 0, max: 99999 } }\n```\n\n## Steps\n\n```yaml\n- ask: { when: \"When?\" }\n```\n", "s/SKILL.md");
    const exprs = createExpressions({ ...skill!, tools: {} });
    const template = (source: string) => ({ source, pos: { line: 1, column: 1 }, parts: [{ source, pos: { line: 1, column: 1 } }] });
    expect(exprs.render(template('money(total, "EUR")'), { total: 1275 })).toEqual({ ok: true, text: "1,275.00 EUR" });
    expect(exprs.render(template("money(price)"), { price: 9.5 })).toEqual({ ok: true, text: "9.50" });
    expect(exprs.render(template("date(when)"), { when: "2027-03-17 07:05" })).toEqual({ ok: true, text: "17 March 2027, 07:05" });
    expect(exprs.render(template("time(when)"), { when: "2027-03-17 07:05" })).toEqual({ ok: true, text: "07:05" });
    expect(exprs.typeCheck("money(when)")).toMatchObject({ ok: false });
  });
});
