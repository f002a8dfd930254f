/**
 * Issue 9, point 2: a write whose outcome is unknown is in doubt. Before, a write that timed out (or
 * threw after doing its work) was a plain failure: a correction was accepted and the next yes ran it
 * again with other inputs and a new idempotency key — two reservations. Now it is retried only with the
 * same inputs and the same key, and a change to its inputs is refused until it settles; only a tool
 * that says "nothing was done" (`ToolRejected`, `rejected` on the result) is a plain failure.
 */
import { describe, expect, it } from "vitest";
import { errors, refusals, writes } from "./host.js";
import { toCheckout, tripHost } from "./trip-fixture.js";

/** hold_hotel fails on its first run: in doubt (a throw), or rejected (nothing done). */
function failingHotel(rejected: boolean) {
  let fails = 1;
  const host = tripHost({
    hold_hotel: () => {
      if (fails-- > 0) throw Object.assign(new Error(rejected ? "no rooms left" : "timed out"), rejected ? { rejected: true } : {});
      return { hold: "H-1" };
    },
  });
  return host;
}

const hotelRuns = (host: ReturnType<typeof tripHost>) => host.runs.filter((r) => r.tool === "hold_hotel");

describe("a write in doubt", () => {
  it("is retried with the same inputs and key; a change to its inputs is refused until it settles", () => {
    const host = failingHotel(false);
    toCheckout(host, 3);
    const first = host.press("pay");
    expect(writes(first)).toEqual(["hold_flight", "hold_hotel"]);
    expect(errors(first)[0]).toMatch(/hold_hotel failed: timed out, so it may or may not have run/);
    expect(host.state.ledger["10"]!.status).toBe("doubt");
    const change = host.text("4 nights", { nights: 4 });
    expect(refusals(change)).toEqual(["hold_hotel may already have run with nights 3, so nights cannot change now."]);
    expect(host.state.answers.nights!.value).toBe(3);
    const retry = host.press("pay");
    expect(writes(retry)).toEqual(["hold_hotel", "reserve_cab", "take_payment"]);
    const [a, b] = hotelRuns(host);
    expect(b!.key).toBe(a!.key);
    expect(b!.inputs).toEqual(a!.inputs);
  });

  it("a rejected write (nothing done) is a plain failure: a correction is accepted and the next yes runs the new inputs", () => {
    const host = failingHotel(true);
    toCheckout(host, 3);
    host.press("pay");
    expect(host.state.ledger["10"]!.status).toBe("failed");
    const change = host.text("2 nights", { nights: 2 });
    expect(refusals(change)).toEqual([]);
    const retry = host.press("pay");
    expect(writes(retry)).toEqual(["hold_hotel", "reserve_cab", "take_payment"]);
    const [a, b] = hotelRuns(host);
    expect(b!.inputs).toMatchObject({ nights: 2 });
    expect(b!.key).not.toBe(a!.key);
  });
});
