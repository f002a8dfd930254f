/**
 * `flow procedure` words: conditions and shapes in plain words, from field and tool-output descriptions,
 * with backticks where nobody described a value.
 */
import { describe, expect, test } from "vitest";
import { describeCondition, describeValue } from "../packages/core/src/procedure/describe-condition.js";
import { describeShape, describeGiver } from "../packages/core/src/procedure/describe-shape.js";
import { plainText } from "../packages/core/src/procedure/inline.js";
import { modelMayNotSet } from "../packages/core/src/runtime/who-may-set.js";
import type { WordsContext } from "../packages/core/src/procedure/describe-value.js";
import { buildIR } from "./helpers/build-ir.js";

const obj = (fields: Record<string, unknown>, descriptions?: Record<string, string>) =>
  ({ t: "object", fields, ...(descriptions ? { descriptions } : {}) }) as never;

const skill = buildIR({
  fields: {
    nights: { kind: "number", min: 1, max: 14, description: "Nights at the hotel." },
    cabin: { kind: "choices", choices: ["economy", "premium"], description: "the cabin class" },
    count: { kind: "number" },
  },
  tools: {
    quote_trip: { kind: "lookup", output: obj({ total: { t: "double" }, budget: { t: "double" }, raw: { t: "double" } },
      { total: "the trip total", budget: "the travel budget" }) },
    check_arrival: { kind: "lookup", output: obj({ ok: { t: "bool" } }, { ok: "whether the flight lands in time" }) },
    order: { kind: "lookup", output: obj({ items: { t: "list", of: obj({ price: { t: "double" } }, { price: "the item's price" }) } },
      { items: "the order lines" }) },
  },
  steps: [],
});
const ctx: WordsContext = { skill, loops: new Map() };
const say = (source: string, negated = false, c: WordsContext = ctx) =>
  plainText(describeCondition({ source, pos: { line: 1, column: 1 } }, c, negated));

describe("conditions in plain words", () => {
  test("comparisons use the tool output descriptions, and flip when negated", () => {
    expect(say("quote_trip.total > quote_trip.budget")).toBe("the trip total is above the travel budget");
    expect(say("quote_trip.total > quote_trip.budget", true)).toBe("the trip total is at most the travel budget");
    expect(say("quote_trip.total <= 100")).toBe("the trip total is at most 100");
    expect(say("quote_trip.total >= 100", true)).toBe("the trip total is below 100");
    expect(say("nights < 3")).toBe("nights at the hotel is below 3");
  });
  test("== and != and string literals", () => {
    expect(say('cabin == "premium"')).toBe('the cabin class is "premium"');
    expect(say('cabin != "premium"')).toBe('the cabin class is not "premium"');
    expect(say('cabin == "premium"', true)).toBe('the cabin class is not "premium"');
  });
  test("&&, || and ! combine with De Morgan when negated, with parentheses for mixed groups", () => {
    expect(say("quote_trip.total > 10 && nights > 2")).toBe("the trip total is above 10 and nights at the hotel is above 2");
    expect(say("quote_trip.total > 10 && nights > 2", true)).toBe("the trip total is at most 10 or nights at the hotel is at most 2");
    expect(say("!(quote_trip.total > 10)")).toBe("the trip total is at most 10");
    expect(say("quote_trip.total > 10 && (nights > 2 || cabin == \"premium\")"))
      .toBe('the trip total is above 10 and (nights at the hotel is above 2 or the cabin class is "premium")');
  });
  test("booleans described with 'whether' read as statements", () => {
    expect(say("check_arrival.ok")).toBe("the flight lands in time");
    expect(say("check_arrival.ok", true)).toBe("it is not true that the flight lands in time");
    expect(say("!check_arrival.ok")).toBe("it is not true that the flight lands in time");
  });
  test("in and size()", () => {
    expect(say('cabin in ["economy", "premium"]')).toBe('the cabin class is one of "economy" or "premium"');
    expect(say('cabin in ["economy", "premium"]', true)).toBe('the cabin class is not one of "economy" or "premium"');
    expect(say("size(order.items) > 0")).toBe("the order lines are not empty");
    expect(say("order.items.size() == 0")).toBe("the order lines are empty");
    expect(say("size(order.items) > 2")).toBe("the number of the order lines is above 2");
  });
  test("values nobody described stay in backticks; a condition with none is shown as written", () => {
    expect(say("count > 3")).toBe("`count > 3`");
    expect(say("count > 3", true)).toBe("`count > 3` is false");
    expect(say("quote_trip.raw > quote_trip.budget")).toBe("`quote_trip.raw` is above the travel budget");
    expect(say("count > 3 && quote_trip.total > 1")).toBe("`count > 3` and the trip total is above 1");
    expect(say("this is not CEL (")).toBe("`this is not CEL (`");
  });
  test("a loop variable reads the descriptions of its list's rows", () => {
    const inLoop: WordsContext = { skill, loops: new Map([["item", { source: "order.items", pos: { line: 1, column: 1 } }]]) };
    expect(say("item.price > 100", false, inLoop)).toBe("the item's price is above 100");
    expect(plainText(describeValue({ source: "order.items", pos: { line: 1, column: 1 } }, ctx))).toBe("the order lines");
  });
});

describe("shapes and givers in plain words", () => {
  test("each shape", () => {
    const words = (shape: Parameters<typeof describeShape>[0]) => plainText(describeShape(shape));
    expect(words({ kind: "number", min: 1, max: 14 })).toBe("a whole number from 1 to 14");
    expect(words({ kind: "number", min: 1 })).toBe("a whole number of at least 1");
    expect(words({ kind: "decimal", max: 500, places: 2 })).toBe("a number of at most 500, with at most 2 decimal places");
    expect(words({ kind: "choices", choices: ["economy", "premium"] })).toBe("one of economy, premium");
    expect(words({ kind: "pattern", pattern: "^[A-Z]{2}-[0-9]{6}$" })).toBe("text matching `^[A-Z]{2}-[0-9]{6}$`");
    expect(words({ kind: "pick", from: { source: "search_flights.flights", pos: { line: 1, column: 1 } } }))
      .toBe("a row of the flights list (`search_flights.flights`)");
    expect(words({ kind: "lookup", tool: "find_conference", toolPos: { line: 1, column: 1 } })).toBe("a value that `find_conference` recognises");
    expect(words({ kind: "yes_no" })).toBe("yes or no");
  });
  test("secrets and picks are the person's only; other fields the person or the model", () => {
    const ir = buildIR({
      fields: { pin: { kind: "text", secret: true }, row: { kind: "pick", from: { source: "a.b", pos: { line: 1, column: 1 } } }, note: { kind: "text" } },
      steps: [],
    });
    expect(plainText(describeGiver(ir, "pin"))).toMatch(/^the person only \(a secret/);
    expect(plainText(describeGiver(ir, "row"))).toMatch(/^the person only \(a pick/);
    expect(plainText(describeGiver(ir, "note"))).toBe("the person or the assistant (model)");
  });
  test("the procedure's giver is the runtime's rule: a field asked with `from:` anywhere is a pick", () => {
    const ir = buildIR({
      fields: { seat: { kind: "text" }, city: { kind: "text" }, pin: { kind: "text", secret: true } },
      steps: [{ ask: "seat", q: "Which seat?" }, { ask: "city", q: "Which city?" }, { ask: "pin", q: "PIN?" },
        { ask: "seat", q: "Pick a seat", from: "seats.rows" }, { ask: "flight", q: "Pick a flight", from: "flights.rows" }],
    });
    for (const name of ["seat", "city", "pin", "flight"]) {
      const personOnly = plainText(describeGiver(ir, name)).startsWith("the person only");
      expect([name, personOnly]).toEqual([name, modelMayNotSet(ir, name) !== undefined]);
    }
    expect(plainText(describeGiver(ir, "seat"))).toBe("the person only (a pick from the list)");
    expect(plainText(describeGiver(ir, "flight"))).toBe("the person only (a pick from the list)");
  });
});
