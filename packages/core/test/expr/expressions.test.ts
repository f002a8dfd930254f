import { describe, expect, it } from "vitest";
import { createExpressions } from "../../src/expr/create-expressions.js";
import type { Expr, Template } from "../../src/format/ir.js";
import { FIRST_STEP_LINE, dbl, int, list, lookupTool, obj, skillFromText, str, bool, writeTool } from "../helpers/skill-text.js";

const tools = [
  lookupTool("quote_trip", { nights: int }, obj({ total: dbl, budget: int, extras: list(str), ok: bool })),
  lookupTool("search_flights", {}, obj({ flights: list(obj({ id: str, price: dbl, seats: int })) })),
  writeTool("take_payment", { total: dbl }, obj({ reference: str })),
];
const skill = skillFromText(
  `nights: { number: { min: 1, max: 14 } }
cabin: { choices: [economy, premium] }
rate: { decimal: { min: 0 } }
vip: { yes_no: true }`,
  `- ask: { nights: "How many nights?" }
- when: cabin > 3
  steps:
    - say: "Pay {quote_trip.total} EUR for {nights} nights."`,
  tools,
);
const x = createExpressions(skill);
const at = (source: string, line = 1, column = 1): Expr => ({ source, pos: { line, column } });

describe("refs", () => {
  it("reads roots and property paths from the AST", () => {
    expect(x.refs("quote_trip.total > quote_trip.budget && nights > 2").map(({ root, path }) => ({ root, path }))).toEqual([
      { root: "quote_trip", path: ["total"] },
      { root: "quote_trip", path: ["budget"] },
      { root: "nights", path: [] },
    ]);
  });

  it("leaves out macro and cel.bind variables, keeps what they range over", () => {
    const refs = x.refs("search_flights.flights.exists(f, f.price > rate) && cel.bind(n, nights, n > 1)");
    expect(refs.map((r) => r.root)).toEqual(["search_flights", "rate", "nights"]);
  });

  it("gives source offsets and nothing for text that does not parse", () => {
    expect(x.refs("1 + nights")[0]).toMatchObject({ root: "nights", start: 4, end: 10 });
    expect(x.refs("nights +")).toEqual([]);
  });
});

describe("typeCheck", () => {
  it("types fields by shape and tools by output; int compares with double", () => {
    expect(x.typeCheck("nights")).toEqual({ ok: true, type: "int" });
    expect(x.typeCheck("rate")).toEqual({ ok: true, type: "double" });
    expect(x.typeCheck("vip && cabin == \"economy\"")).toEqual({ ok: true, type: "bool" });
    expect(x.typeCheck("quote_trip.total > quote_trip.budget")).toEqual({ ok: true, type: "bool" });
    expect(x.typeCheck("quote_trip.extras")).toEqual({ ok: true, type: "list<string>" });
  });

  it("reports text compared with a number at the operator's column in SKILL.md", () => {
    const result = x.typeCheck(at("cabin > 3", 8, 9));
    expect(result).toMatchObject({ ok: false, kind: "type", line: 8, column: 15 });
    expect(!result.ok && result.message).toBe("`>` cannot compare text (string) with a whole number (int)");
  });

  it("maps the parser's position of a real condition to the file", () => {
    const when = skill.steps[1];
    if (when.kind !== "when") throw new Error("expected a when");
    expect(x.typeCheck(when.condition)).toMatchObject({ ok: false, line: FIRST_STEP_LINE + 1, column: 15 });
  });

  it("tells unknown names and properties from syntax errors", () => {
    expect(x.typeCheck("nigths > 1")).toMatchObject({ ok: false, kind: "unknown", offset: 0 });
    expect(x.typeCheck("quote_trip.totl")).toMatchObject({ ok: false, kind: "unknown", message: "`quote_trip` has no property `totl`" });
    expect(x.typeCheck("nights >")).toMatchObject({ ok: false, kind: "syntax" });
    expect(x.typeCheck("nights * 1.5")).toMatchObject({ ok: false, kind: "type" });
  });

  it("knows loop variables from the scope, typed by their list's element", () => {
    const row = x.valueType("search_flights.flights");
    expect(row).toEqual(list(obj({ id: str, price: dbl, seats: int })));
    const scope = { loopVars: { f: row!.t === "list" ? row!.of : row! } };
    expect(x.typeCheck("f.price > 100 && f.seats > 0", scope)).toEqual({ ok: true, type: "bool" });
    expect(x.typeCheck("f.price > 100")).toMatchObject({ ok: false, kind: "unknown" });
    expect(x.typeCheck("f.nope", scope)).toMatchObject({ ok: false, message: "`f` has no property `nope`" });
  });
});

describe("evaluate", () => {
  const values = {
    nights: 3,
    rate: 12.5,
    quote_trip: { total: 1240, budget: 1000, extras: ["cab", "lunch"], ok: true },
    search_flights: { flights: [{ id: "A", price: 99.5, seats: 2 }, { id: "B", price: 250, seats: 0 }] },
  };

  it("passes int fields as BigInt and returns plain numbers", () => {
    expect(x.evaluate("nights + 1", values)).toEqual({ ok: true, value: 4 });
    expect(x.evaluate("7 / 2", values)).toEqual({ ok: true, value: 3 });
    expect(x.evaluate("rate * 2.0", values)).toEqual({ ok: true, value: 25 });
    expect(x.evaluate("quote_trip.total > quote_trip.budget", values)).toEqual({ ok: true, value: true });
    expect(x.evaluate("quote_trip.budget - 1", values)).toEqual({ ok: true, value: 999 });
  });

  it("converts lists of objects both ways", () => {
    expect(x.evaluate("search_flights.flights.filter(f, f.seats > 0)", values)).toEqual({
      ok: true, value: [{ id: "A", price: 99.5, seats: 2 }],
    });
    expect(x.evaluate("search_flights.flights.map(f, f.id)", values)).toEqual({ ok: true, value: ["A", "B"] });
  });

  it("evaluates loop variables", () => {
    const scope = { loopVars: { f: obj({ id: str, price: dbl, seats: int }) } };
    expect(x.evaluate("f.seats * 2", { f: { id: "A", price: 1, seats: 2 } }, scope)).toEqual({ ok: true, value: 4 });
  });

  it("fails, without throwing, on missing values, fractional ints and runtime errors", () => {
    expect(x.evaluate("nights > 1", {})).toEqual({ ok: false, error: "`nights` has no value yet" });
    expect(x.evaluate("nights > 1", { nights: 2.5 })).toEqual({ ok: false, error: "`nights` is 2.5, not a whole number" });
    expect(x.evaluate("nights / 0", values)).toMatchObject({ ok: false });
    expect(x.evaluate("nights +", values)).toMatchObject({ ok: false });
  });
});

describe("evaluate again (a replay evaluates the same expressions: the last primitive result is reused only for identical values)", () => {
  const fresh = () => createExpressions(skill);

  it("gives each value its own result, alternating back and forth", () => {
    const e = fresh();
    for (const nights of [3, 1, 3, 1, 14]) expect(e.evaluate("nights > 2", { nights })).toEqual({ ok: true, value: nights > 2 });
  });

  it("sees a replaced record with other contents, and a value that was missing and now is there", () => {
    const e = fresh();
    const quote = { total: 1240, budget: 1000, extras: [], ok: true };
    expect(e.evaluate("quote_trip.total > quote_trip.budget", { quote_trip: quote })).toEqual({ ok: true, value: true });
    expect(e.evaluate("quote_trip.total > quote_trip.budget", { quote_trip: { ...quote, total: 10 } })).toEqual({ ok: true, value: false });
    expect(e.evaluate("nights > 1", {})).toEqual({ ok: false, error: "`nights` has no value yet" });
    expect(e.evaluate("nights > 1", { nights: 2 })).toEqual({ ok: true, value: true });
    expect(e.evaluate("nights > 1", {})).toEqual({ ok: false, error: "`nights` has no value yet" });
  });

  it("keeps results apart per scope: the same source over other loop variables", () => {
    const e = fresh();
    const flight = { loopVars: { f: obj({ id: str, price: dbl, seats: int }) } };
    expect(e.evaluate("f.seats * 2", { f: { id: "A", price: 1, seats: 2 } }, flight)).toEqual({ ok: true, value: 4 });
    expect(e.evaluate("f.seats * 2", { f: { id: "B", price: 1, seats: 5 } }, flight)).toEqual({ ok: true, value: 10 });
  });

  it("never hands out a list or object it returned before (a caller may keep or change it)", () => {
    const e = fresh();
    const values = { quote_trip: { total: 1, budget: 1, extras: ["cab"], ok: true } };
    const first = e.evaluate("quote_trip.extras", values);
    if (!first.ok) throw new Error("expected a value");
    (first.value as string[]).push("changed by a caller");
    expect(e.evaluate("quote_trip.extras", values)).toEqual({ ok: true, value: ["cab"] });
  });
});

describe("render", () => {
  const template = (parts: Template["parts"]): Template => ({ source: "", pos: { line: 1, column: 1 }, parts });

  it("prints numbers plainly, joins lists and says yes/no", () => {
    const t = template(["Pay ", at("quote_trip.total"), " EUR (", at("rate"), "), extras: ", at("quote_trip.extras"), ", ok: ", at("quote_trip.ok"), "."]);
    const values = { rate: 12.5, quote_trip: { total: 1240, budget: 1, extras: ["cab", "lunch"], ok: true } };
    expect(x.render(t, values)).toEqual({ ok: true, text: "Pay 1240 EUR (12.5), extras: cab, lunch, ok: yes." });
  });

  it("renders the parser's templates and reports the hole that fails", () => {
    const say = skill.steps[1].kind === "when" ? skill.steps[1].steps[0] : undefined;
    if (say?.kind !== "say") throw new Error("expected a say");
    expect(x.render(say.text, { nights: 2, quote_trip: { total: 99.9 } })).toEqual({ ok: true, text: "Pay 99.9 EUR for 2 nights." });
    expect(x.render(say.text, { nights: 2 })).toEqual({ ok: false, error: "{quote_trip.total}: `quote_trip` has no value yet" });
  });
});
