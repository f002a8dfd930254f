/**
 * A small conference-trip skill for runtime tests (the shape of skills/conference-trip, fewer tools),
 * parsed from SKILL.md text, with in-memory fakes whose calls the tests can count and break.
 */
import type { Skill } from "../../src/format/ir.js";
import { Host, skillFrom, T, toolInfo, type Fake } from "./host.js";

export const TRIP_MD = `---
name: trip
description: Book a conference trip within budget.
---

# Trip

## Fields

\`\`\`yaml
conference: { lookup: find_conference, message: "I don't know that conference." }
nights:
  number: { min: 1, max: 14 }
  message: "A stay can be from 1 to 14 nights."
  description: nights at the hotel
cabin: { choices: [economy, premium], synonyms: { economy: [coach, standard] } }
approval_code: { pattern: "^[A-Z]{2}-[0-9]{6}$", secret: true, message: "An approval code looks like AB-123456." }
\`\`\`

## Steps

\`\`\`yaml
- ask: { conference: "Which conference are you going to?" }
- say: "Let's get you to {find_conference.name} in {find_conference.city}."
- ask: { nights: "How many nights?" }
- ask: { cabin: "Economy or premium?" }
- ask: { flight_id: "Which flight?" }
  from: search_flights.flights
  widget: flight_grid
  check:
    check_arrival.ok: "That flight lands after 8 pm. Pick an earlier one."
- do: quote_trip
- when: quote_trip.total > quote_trip.budget
  steps:
    - ask: { approval_code: "The trip costs {quote_trip.total} EUR, over budget. Enter the approval code." }
      check:
        verify_code.valid: "That code is not valid for this trip."
- confirm: { pay: "Pay {quote_trip.total} EUR?" }
  widget: trip_checkout
- do: hold_flight
- do: hold_hotel
- do: reserve_cab
- do: take_payment
- say: "Booked. Your reference is {take_payment.reference}."
\`\`\`
`;

const flightRow = T.obj({ id: T.str, lands: T.str });

export const TRIP_TOOLS = [
  toolInfo("find_conference", "lookup", { conference: T.str }, { known: T.bool, name: T.str, city: T.str }),
  toolInfo("search_flights", "lookup", { conference: T.str }, { flights: T.list(flightRow) }),
  toolInfo("check_arrival", "lookup", { flight_id: T.str }, { ok: T.bool }),
  toolInfo("quote_trip", "lookup", { flight_id: T.str, nights: T.int, cabin: T.str }, { total: T.int, budget: T.int }),
  toolInfo("verify_code", "lookup", { approval_code: T.str, total: T.int }, { valid: T.bool }),
  toolInfo("hold_flight", "write", { flight_id: T.str, cabin: T.str }, { hold: T.str }),
  toolInfo("hold_hotel", "write", { conference: T.str, nights: T.int }, { hold: T.str }),
  toolInfo("reserve_cab", "write", { conference: T.str }, { cab: T.str }),
  toolInfo("take_payment", "write", { total: T.int }, { reference: T.str }),
];

export const FLIGHTS = [
  { id: "TP1", lands: "18:05" },
  { id: "TP2", lands: "22:40" },
];

/** Fakes: 3 nights economy = 900 EUR (within the 1000 budget); 4 nights = 1100 (over). */
export function tripFakes(overrides: Record<string, Fake> = {}): Record<string, Fake> {
  return {
    find_conference: ({ conference }) => {
      const known = String(conference).toLowerCase().includes("lisbon");
      return { known, name: known ? "Lisbon AI Summit" : "", city: known ? "Lisbon" : "" };
    },
    search_flights: () => ({ flights: FLIGHTS }),
    check_arrival: ({ flight_id }) => ({ ok: FLIGHTS.find((f) => f.id === flight_id)!.lands <= "20:00" }),
    quote_trip: ({ nights, cabin }) => ({ total: 300 + (nights as number) * 200 + (cabin === "premium" ? 500 : 0), budget: 1000 }),
    verify_code: ({ approval_code }) => ({ valid: approval_code === "AB-123456" }),
    hold_flight: ({ flight_id }) => ({ hold: `F-${String(flight_id)}` }),
    hold_hotel: () => ({ hold: "H-1" }),
    reserve_cab: () => ({ cab: "C-1" }),
    take_payment: () => ({ reference: "REF-42" }),
    ...overrides,
  };
}

let cached: Skill | undefined;

/** The trip skill (parsed once). */
export function tripSkill(): Skill {
  return (cached ??= skillFrom(TRIP_MD, TRIP_TOOLS));
}

/** A host for the trip skill. */
export function tripHost(overrides: Record<string, Fake> = {}, flowId = "flow-1"): Host {
  return new Host(tripSkill(), tripFakes(overrides), flowId);
}

/** Drives the trip to the checkout card: Lisbon, `nights` nights, economy, flight TP1. */
export function toCheckout(host: Host, nights = 3): void {
  host.text("Lisbon AI summit", { conference: "Lisbon AI Summit", nights, cabin: "economy" });
  host.pick("flight_id", "TP1");
}
