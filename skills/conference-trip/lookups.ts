/**
 * The read-only tools of conference-trip: they answer from data.ts and change nothing.
 * Unknown ids give an empty or negative answer rather than an error, so a refused pick reads as a
 * refusal, not as a failed tool.
 */
import { z } from "zod";
import { lookup } from "@skillflow/core";
import {
  LATEST_LANDING, addDays, dayBefore, findConference, flightById, flights, hotelById, hotels, approvalCodes,
} from "./data.js";

const conference = z.string().describe("the conference, as the person named it");
const nights = z.number().int().min(1).max(14).describe("nights at the hotel");
const flightId = z.string().describe("the chosen flight");
const hotelId = z.string().describe("the chosen hotel");

export const findConferenceTool = lookup({
  name: "find_conference",
  description: "Recognise a conference by its name and give its city and dates.",
  input: z.object({ conference }),
  output: z.object({
    known: z.boolean().describe("whether the conference is known"),
    name: z.string().describe("the conference's full name"),
    city: z.string().describe("the host city"),
    dates: z.string().describe("the conference dates"),
    starts: z.string().describe("the first conference day"),
  }),
}, ({ conference }) => {
  const c = findConference(conference);
  if (!c) return { known: false, name: "", city: "", dates: "", starts: "" };
  return { known: true, name: c.name, city: c.city, dates: c.dates, starts: c.starts };
});

export const searchFlights = lookup({
  name: "search_flights",
  description: "Flights from London to the conference city, on the day before it opens.",
  input: z.object({ conference }),
  output: z.object({
    flights: z.array(z.object({
      id: z.string().describe("flight number"),
      carrier: z.string().describe("airline"),
      departs: z.string().describe("departure time"),
      lands: z.string().describe("landing time"),
      price: z.number().int().describe("return fare in EUR"),
    })).describe("the flights on offer"),
  }),
}, ({ conference }) => {
  const c = findConference(conference);
  const rows = flights.filter((f) => f.conference === c?.id);
  return { flights: rows.map(({ id, carrier, departs, lands, price }) => ({ id, carrier, departs, lands, price })) };
});

export const checkArrival = lookup({
  name: "check_arrival",
  description: "The travel policy on arrival: land by 8 pm on the evening before the conference.",
  input: z.object({ flight_id: flightId, conference }),
  output: z.object({
    ok: z.boolean().describe("whether the flight lands in time under the travel policy"),
    lands: z.string().describe("when the flight lands"),
    latest_landing: z.string().describe("the latest landing the policy allows"),
  }),
}, ({ flight_id, conference }) => {
  const c = findConference(conference);
  const f = flightById(flight_id);
  const latest = c ? `${dayBefore(c.starts)} ${LATEST_LANDING}` : "";
  if (!c || !f || f.conference !== c.id) return { ok: false, lands: "", latest_landing: latest };
  return { ok: f.lands <= latest, lands: f.lands, latest_landing: latest };
});

export const searchHotels = lookup({
  name: "search_hotels",
  description: "Hotels near the conference venue.",
  input: z.object({ conference }),
  output: z.object({
    hotels: z.array(z.object({
      id: z.string().describe("hotel code"),
      name: z.string().describe("hotel name"),
      stars: z.number().int().describe("stars"),
      nightly_rate: z.number().int().describe("price per night in EUR"),
    })).describe("the hotels on offer"),
  }),
}, ({ conference }) => {
  const c = findConference(conference);
  const rows = hotels.filter((h) => h.conference === c?.id);
  return { hotels: rows.map((h) => ({ id: h.id, name: h.name, stars: h.stars, nightly_rate: h.nightlyRate })) };
});

export const quoteHotel = lookup({
  name: "quote_hotel",
  description: "Whether a hotel has a room for the whole stay, and what the stay costs.",
  input: z.object({ hotel_id: hotelId, nights, conference }),
  output: z.object({
    available: z.boolean().describe("whether the hotel has a room for every night of the stay"),
    hotel_name: z.string().describe("the hotel's name"),
    hotel_price: z.number().int().describe("the price of the stay in EUR"),
    check_in: z.string().describe("the check-in day"),
    check_out: z.string().describe("the check-out day"),
  }),
}, ({ hotel_id, nights, conference }) => {
  const c = findConference(conference);
  const h = hotelById(hotel_id);
  if (!c || !h || h.conference !== c.id) return { available: false, hotel_name: "", hotel_price: 0, check_in: "", check_out: "" };
  const checkIn = dayBefore(c.starts);
  return {
    available: nights <= h.roomsForNights, hotel_name: h.name, hotel_price: nights * h.nightlyRate,
    check_in: checkIn, check_out: addDays(checkIn, nights),
  };
});

export const quoteCab = lookup({
  name: "quote_cab",
  description: "The cab fare between the airport and the hotel.",
  input: z.object({ conference }),
  output: z.object({ fare: z.number().int().describe("the cab fare each way in EUR") }),
}, ({ conference }) => ({ fare: findConference(conference)?.cabFare ?? 0 }));

export const quoteTrip = lookup({
  name: "quote_trip",
  description: "Price the whole trip (return flight, hotel, cabs both ways) against the travel budget.",
  input: z.object({ conference, flight_id: flightId, hotel_id: hotelId, nights }),
  output: z.object({
    total: z.number().int().describe("the trip total in EUR"),
    budget: z.number().int().describe("the travel budget in EUR"),
    flight_cost: z.number().int().describe("the return flight in EUR"),
    hotel_cost: z.number().int().describe("the hotel stay in EUR"),
    cab_cost: z.number().int().describe("the cabs in EUR"),
  }),
}, ({ conference, flight_id, hotel_id, nights }) => {
  const c = findConference(conference);
  const f = flightById(flight_id);
  const h = hotelById(hotel_id);
  if (!c || !f || !h) throw new Error(`cannot price a trip with flight ${flight_id} and hotel ${hotel_id}`);
  const [flight_cost, hotel_cost, cab_cost] = [f.price, nights * h.nightlyRate, 2 * c.cabFare];
  return { total: flight_cost + hotel_cost + cab_cost, budget: c.budget, flight_cost, hotel_cost, cab_cost };
});

export const verifyCode = lookup({
  name: "verify_code",
  description: "Check a manager's approval code against the trip total it must cover.",
  input: z.object({
    approval_code: z.string().describe("the manager's approval code"),
    total: z.number().int().describe("the trip total in EUR"),
  }),
  output: z.object({ valid: z.boolean().describe("whether the code approves a trip of this total") }),
}, ({ approval_code, total }) => ({ valid: (approvalCodes[approval_code] ?? -1) >= total }));

export const lookups = [
  findConferenceTool, searchFlights, checkArrival, searchHotels, quoteHotel, quoteCab, quoteTrip, verifyCode,
];
