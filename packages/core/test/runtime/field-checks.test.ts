/**
 * Issue 3, point 2: field checks. Static shapes are checked when a value is proposed; dynamic checks
 * (lookup must know it, `check:` conditions) when the replay reaches the ask. A refusal shows the file's
 * message (or a clear default) and the question once — never the question twice.
 */
import { describe, expect, it } from "vitest";
import type { FieldDecl, Shape } from "../../src/format/ir.js";
import { validateValue } from "../../src/runtime/validate-value.js";
import { asked, refusals, type Turn } from "./host.js";
import { tripHost } from "./trip-fixture.js";

const pos = { line: 1, column: 1 };
const field = (shape: Shape, extra: Partial<FieldDecl> = {}): FieldDecl =>
  ({ name: "f", shape, secret: false, declared: true, pos, ...extra });
const ok = (f: FieldDecl, v: unknown) => validateValue(f, v);

describe("static shapes", () => {
  it("choices: exact, case-insensitive, synonyms; anything else refused with the choices", () => {
    const f = field({ kind: "choices", choices: ["economy", "premium"] }, { synonyms: { economy: ["coach"] } });
    expect(ok(f, "Premium")).toEqual({ ok: true, value: "premium" });
    expect(ok(f, "coach")).toEqual({ ok: true, value: "economy" });
    expect(ok(f, "business")).toEqual({ ok: false, message: "Please choose one of: economy, premium." });
  });

  it("pattern: the whole text must match", () => {
    const f = field({ kind: "pattern", pattern: "^[A-Z]{2}-[0-9]{6}$" });
    expect(ok(f, " AB-123456 ")).toEqual({ ok: true, value: "AB-123456" });
    expect(ok(f, "AB-12345").ok).toBe(false);
    expect(ok(f, 123456).ok).toBe(false);
  });

  it("number: a whole number within the range (text digits accepted)", () => {
    const f = field({ kind: "number", min: 1, max: 14 });
    expect(ok(f, "3")).toEqual({ ok: true, value: 3 });
    expect(ok(f, 14)).toEqual({ ok: true, value: 14 });
    expect(ok(f, 2.5).ok).toBe(false);
    expect(ok(f, 15)).toEqual({ ok: false, message: "Please give a whole number from 1 to 14." });
    expect(ok(f, 0).ok).toBe(false);
    expect(ok(f, "three").ok).toBe(false);
  });

  it("decimal: within the range and the number of places", () => {
    const f = field({ kind: "decimal", min: 0, max: 500, places: 2 });
    expect(ok(f, 12.34)).toEqual({ ok: true, value: 12.34 });
    expect(ok(f, "7.5")).toEqual({ ok: true, value: 7.5 });
    expect(ok(f, 12.345).ok).toBe(false);
    expect(ok(f, 500.01).ok).toBe(false);
  });

  it("date: an ISO yyyy-mm-dd day that exists", () => {
    const f = field({ kind: "date" });
    expect(ok(f, "2028-02-29")).toEqual({ ok: true, value: "2028-02-29" });
    expect(ok(f, "2027-02-29").ok).toBe(false);
    expect(ok(f, "28/02/2027")).toEqual({ ok: false, message: "Please give a date as YYYY-MM-DD." });
  });

  it("date: a day the month does not have is named as such, before the field's own message", () => {
    expect(ok(field({ kind: "date" }), "2027-02-30")).toEqual({ ok: false, message: "30 February 2027 does not exist." });
    const own = field({ kind: "date" }, { message: "Please give a date, for example 2027-04-01." });
    expect(ok(own, "2027-03-32")).toEqual({ ok: false, message: "32 March 2027 does not exist. Please give a date, for example 2027-04-01." });
    expect(ok(own, "2027-13-01")).toEqual({ ok: false, message: "Please give a date, for example 2027-04-01." });
  });

  it("yes_no: booleans and plain yes/no words", () => {
    const f = field({ kind: "yes_no" });
    expect(ok(f, true)).toEqual({ ok: true, value: true });
    expect(ok(f, "No")).toEqual({ ok: true, value: false });
    expect(ok(f, "maybe")).toEqual({ ok: false, message: "Please answer yes or no." });
  });

  it("the field's own message replaces the default", () => {
    const f = field({ kind: "number", min: 1, max: 14 }, { message: "A stay can be from 1 to 14 nights." });
    expect(ok(f, 40)).toEqual({ ok: false, message: "A stay can be from 1 to 14 nights." });
  });

  it("text must not be empty", () => {
    expect(ok(field({ kind: "text" }), "  ").ok).toBe(false);
    expect(ok(field({ kind: "text" }), "hello")).toEqual({ ok: true, value: "hello" });
  });
});

const askEffects = (turn: Turn) => turn.effects.filter((e) => e.type === "ask");

describe("refusals in the conversation", () => {
  it("an invalid answer to the pending question is refused with the file's message, then asked once", () => {
    const host = tripHost();
    host.text("Lisbon", { conference: "Lisbon AI Summit" });
    const turn = host.text("40 nights", { nights: 40 });
    expect(refusals(turn)).toEqual(["A stay can be from 1 to 14 nights."]);
    expect(askEffects(turn).map((e) => e.type === "ask" && e.question)).toEqual(["How many nights?"]);
    expect(turn.effects.map((e) => e.type)).toEqual(["refuse", "ask"]);
    expect(host.state.answers.nights).toBeUndefined();
  });

  it("a field without a message is refused with a clear default", () => {
    const host = tripHost();
    host.text("Lisbon, 3 nights", { conference: "Lisbon AI Summit", nights: 3 });
    const turn = host.text("business class", { cabin: "business" });
    expect(refusals(turn)).toEqual(["Please choose one of: economy, premium."]);
    expect(asked(turn)).toBe("cabin");
  });

  it("an invalid value for a field that is not pending is dropped silently (trace only)", () => {
    const host = tripHost();
    const turn = host.text("Lisbon, 99 nights", { conference: "Lisbon AI Summit", nights: 99 });
    expect(refusals(turn)).toEqual([]);
    expect(turn.trace).toContainEqual({ type: "dropped", field: "nights", reason: "invalid value: A stay can be from 1 to 14 nights." });
    expect(asked(turn)).toBe("nights");
  });

  it("lookup-must-know: a value its lookup does not know (`known: false`) is refused and cleared", () => {
    const host = tripHost();
    const turn = host.text("Atlantis", { conference: "Atlantis Expo" });
    expect(refusals(turn)).toEqual(["I don't know that conference."]);
    expect(asked(turn)).toBe("conference");
    expect(askEffects(turn).length).toBe(1);
    expect(host.state.answers.conference).toBeUndefined();
  });

  it("a failing `check:` refuses with its message, clears the answer and asks again once", () => {
    const host = tripHost();
    host.text("Lisbon, 3, economy", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
    const turn = host.pick("flight_id", "TP2");
    expect(refusals(turn)).toEqual(["That flight lands after 8 pm. Pick an earlier one."]);
    expect(askEffects(turn).length).toBe(1);
    expect(asked(turn)).toBe("flight_id");
    expect(host.state.answers.flight_id).toBeUndefined();
    expect(turn.trace).toContainEqual({ type: "refused", field: "flight_id", message: "That flight lands after 8 pm. Pick an earlier one." });
  });

  it("a passing check lets the flow go on", () => {
    const host = tripHost();
    host.text("Lisbon, 3, economy", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
    const turn = host.pick("flight_id", "TP1");
    expect(refusals(turn)).toEqual([]);
    expect(host.state.pending?.kind).toBe("confirm");
  });
});
