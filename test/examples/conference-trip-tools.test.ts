/**
 * The conference-trip fakes hold the facts the reference story and its proofs rely on: the arrival rule
 * refuses TP1352, 3 nights fit the budget and 4 do not, AB-123456 approves the 4-night trip, and the
 * writes produce one effect per idempotency key.
 */
import { beforeEach, expect, test } from "vitest";
import tools, { calls, effectsPerKey, resetCalls } from "../../skills/conference-trip/tools.js";

const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
const context = (idempotencyKey = "") => ({ idempotencyKey, now: "2027-03-01T09:00:00Z", signal: new AbortController().signal });
const run = async (name: string, input: Record<string, unknown>, key = "") =>
  (await byName[name].run(byName[name].input.parse(input) as never, context(key))) as Record<string, unknown>;
const LISBON = "Lisbon AI Summit";

beforeEach(() => resetCalls());

test("find_conference knows the Lisbon AI Summit by a loose spelling, and not an unknown one", async () => {
  expect(await run("find_conference", { conference: "lisbon ai summit" })).toMatchObject({ known: true, city: "Lisbon" });
  expect(await run("find_conference", { conference: "Paris Robotics Expo" })).toMatchObject({ known: false });
});

test("the arrival rule refuses TP1352 (01:21 on conference day) and FR8342, and accepts TP1350", async () => {
  const ok = async (flight_id: string) => (await run("check_arrival", { flight_id, conference: LISBON })).ok;
  expect(await ok("TP1352")).toBe(false);
  expect(await ok("FR8342")).toBe(false);
  expect(await ok("TP1350")).toBe(true);
  expect(await ok("LH921")).toBe(false);
});

test("3 nights at Hotel Baixa Nova are under budget, 4 nights are over", async () => {
  const quote = (nights: number) => run("quote_trip", { conference: LISBON, flight_id: "TP1350", hotel_id: "H-BAIXA", nights });
  expect(await quote(3)).toMatchObject({ total: 1020, budget: 1200 });
  expect(await quote(4)).toMatchObject({ total: 1230, budget: 1200 });
});

test("AB-123456 approves the 4-night trip; CD-654321 only trips up to 1300 EUR", async () => {
  const valid = async (approval_code: string, total: number) => (await run("verify_code", { approval_code, total })).valid;
  expect(await valid("AB-123456", 1230)).toBe(true);
  expect(await valid("CD-654321", 1230)).toBe(true);
  expect(await valid("CD-654321", 1440)).toBe(false);
  expect(await valid("ZZ-999999", 100)).toBe(false);
});

test("Congress Tower is full and Alfama Guest House has rooms for 3 nights only", async () => {
  const available = async (hotel_id: string, nights: number) => (await run("quote_hotel", { hotel_id, nights, conference: LISBON })).available;
  expect(await available("H-TOWER", 1)).toBe(false);
  expect(await available("H-ALFAMA", 3)).toBe(true);
  expect(await available("H-ALFAMA", 4)).toBe(false);
});

test("a write called twice with one key has one effect and returns the same reference", async () => {
  const first = await run("take_payment", { total: 1230, conference: LISBON }, "key-1");
  const again = await run("take_payment", { total: 1230, conference: LISBON }, "key-1");
  const other = await run("take_payment", { total: 1230, conference: LISBON }, "key-2");
  expect(again.reference).toBe(first.reference);
  expect(other.reference).not.toBe(first.reference);
  expect(calls).toHaveLength(3);
  expect(effectsPerKey()).toEqual({ "key-1": 1, "key-2": 1 });
});
