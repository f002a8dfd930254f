/** A conference-trip skill as hand-built IR (the shape of skills/conference-trip), for procedure tests. */
import { buildIR } from "./build-ir.js";

const obj = (fields: Record<string, { t: string }>, descriptions?: Record<string, string>) =>
  ({ t: "object", fields, ...(descriptions ? { descriptions } : {}) }) as never;

export const tripIR = () => buildIR({
  name: "conference-trip", title: "Conference trip", description: "Book travel to a conference within the travel policy.",
  prose: "Free prose for people.\n\n## Policy\n\nFlights land by 8 pm.",
  fields: {
    conference: { kind: "lookup", tool: "find_conference", toolPos: { line: 1, column: 1 } },
    nights: { kind: "number", min: 1, max: 14, description: "the number of nights" },
    approval_code: { kind: "pattern", pattern: "^[A-Z]{2}-[0-9]{6}$", secret: true },
  },
  tools: {
    find_conference: { kind: "lookup", params: ["conference"], output: obj({ known: { t: "bool" }, name: { t: "string" }, city: { t: "string" } }) },
    search_flights: { kind: "lookup", params: ["conference", "nights"], output: obj({ flights: { t: "list" } }) },
    check_arrival: { kind: "lookup", params: ["flight_id"], output: obj({ ok: { t: "bool" } }, { ok: "The flight lands by 8 pm the night before" }) },
    quote_trip: { kind: "lookup", description: "Price the trip against the travel budget.", params: ["flight_id", "nights"],
      output: obj({ total: { t: "double" }, budget: { t: "double" } }, { total: "the trip total", budget: "the travel budget" }) },
    verify_code: { kind: "lookup", params: ["approval_code"], output: obj({ valid: { t: "bool" } }) },
    hold_flight: { kind: "write", description: "Hold the chosen flight.", params: ["flight_id"], output: obj({ hold: { t: "string" } }) },
    hold_hotel: { kind: "write", params: ["conference", "nights"], output: obj({ hotel_hold: { t: "string" } }) },
    reserve_cab: { kind: "write", params: ["flight_id"], output: obj({}) },
    take_payment: { kind: "write", params: [{ name: "total", description: "Amount in EUR" }], output: obj({ reference: { t: "string" } }) },
  },
  steps: [
    { ask: "conference", q: "Which conference are you going to?" },
    { say: "Let's get you to {find_conference.name} in {find_conference.city}." },
    { ask: "nights", q: "How many nights do you need?" },
    { ask: "flight_id", q: "Which flight? You fly the day before the conference.", from: "search_flights.flights", widget: "flight_grid",
      checks: { "check_arrival.ok": "That flight lands after 8 pm the night before. Pick an earlier one." } },
    { do: "quote_trip" },
    { when: "quote_trip.total > quote_trip.budget", steps: [
      { ask: "approval_code", q: "The trip is over budget. Enter your manager's approval code.", checks: { "verify_code.valid": "That code is not valid for this trip." } },
    ] },
    { confirm: "pay", q: "Pay {quote_trip.total} EUR for this trip?", widget: "trip_checkout" },
    { do: "hold_flight" }, { do: "hold_hotel" }, { do: "reserve_cab" }, { do: "take_payment" },
    { say: "Booked. Your reference is {take_payment.reference}." },
  ],
});
