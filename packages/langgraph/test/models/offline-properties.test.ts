import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractOffline } from "../../src/models/offline-model.js";
import { findDateMatches } from "../../src/models/offline/read-dates.js";
import { findNumberMatches } from "../../src/models/offline/read-numbers.js";
import { pickSkill } from "../../src/models/offline/pick-skill.js";
import { nameFromText } from "../../src/models/offline/fill-free-text.js";
import { TRIP } from "./offline-fields.js";

const words = ["3", "four", "nights", "guests", "economy", "coach", "business", "yes", "no", "2027-03-03",
  "March", "2027", "for", "to", "the", "Lisbon", "summit", ",", "AB-123456", "ana@example.com", "insurance", "with"];
const message = fc.array(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 6 })), { maxLength: 12 })
  .map((parts) => parts.join(" "));
const pending = fc.option(fc.constantFrom(...TRIP.map((f) => f.name)), { nil: undefined });

describe("offline extractor properties", () => {
  it("proposes only fields in scope, each with a value of the field's base type, deterministically", () => {
    fc.assert(
      fc.property(message, pending, (text, field) => {
        const request = { skill: { name: "t", description: "" }, fields: TRIP, text, ...(field ? { pending: { field, question: "?" } } : {}) };
        const values = extractOffline(request);
        expect(extractOffline(request)).toEqual(values);
        for (const [name, value] of Object.entries(values)) {
          const shape = TRIP.find((f) => f.name === name)?.shape;
          expect(shape, name).toBeDefined();
          if (shape!.kind === "choices") expect(shape!.choices).toContain(value);
          if (shape!.kind === "number" || shape!.kind === "decimal") expect(typeof value).toBe("number");
          if (shape!.kind === "yes_no") expect(typeof value).toBe("boolean");
          if (shape!.kind === "date") expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          if (shape!.kind === "pattern") expect(new RegExp(shape!.pattern).test(String(value))).toBe(true);
          if (shape!.kind === "lookup" || shape!.kind === "text") expect(name).toBe(field);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("fills a non-pending number only within its range", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (n) => {
        const values = extractOffline({ skill: { name: "t", description: "" }, fields: TRIP, text: `${n} nights` });
        if (n >= 1 && n <= 14) expect(values).toEqual({ nights: n });
        else expect(values).toEqual({});
      }),
    );
  });
});

describe("offline readers", () => {
  it("reads digits and small number words, with positions", () => {
    expect(findNumberMatches("3 nights, twenty-one guests, 1,200 EUR, 12.5")).toEqual([
      { value: 3, start: 0, end: 1 },
      { value: 21, start: 10, end: 20 },
      { value: 1200, start: 29, end: 34 },
      { value: 12.5, start: 40, end: 44 },
    ]);
    expect(findNumberMatches("forty two").map((m) => m.value)).toEqual([42]);
    expect(findNumberMatches("TP1352 3rd 3pm v2 2027-03-03").map((m) => m.value)).toEqual([]);
  });

  it("reads dates only when the day exists and the year is given (with no clock)", () => {
    expect(findDateMatches("2028-02-29 and 2027-02-29").map((d) => [d.iso, d.exists])).toEqual([["2028-02-29", true], ["2027-02-29", false]]);
    expect(findDateMatches("Sept 9, 2027 · 9 Sep 2027 · December 31st 2027").filter((d) => d.exists).map((d) => d.iso))
      .toEqual(["2027-09-09", "2027-09-09", "2027-12-31"]);
    expect(findDateMatches("03/04/2027 and May 4")).toEqual([]);
  });

  it("reads a name after the last for/to of the first clause that has one", () => {
    expect(nameFromText("Book me a flight to Lisbon for the AI summit")).toBe("AI summit");
    expect(nameFromText("Hi, I need to go to RustConf please")).toBe("RustConf");
    expect(nameFromText("It's the Web Summit")).toBe("Web Summit");
    expect(nameFromText("... !")).toBeUndefined();
  });

  it("picks no skill on a tie or when nothing is shared", () => {
    const skills = [{ name: "refund_order", description: "Refund an order" }, { name: "refund_trip", description: "Refund a trip" }];
    expect(pickSkill("a refund please", skills)).toBeUndefined();
    expect(pickSkill("hello there", skills)).toBeUndefined();
    expect(pickSkill("refund my trip", skills)).toBe("refund_trip");
  });
});
