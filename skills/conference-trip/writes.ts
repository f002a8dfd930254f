/**
 * The four writes of conference-trip: hold the flight, hold the hotel, reserve the cab, take payment.
 * In-memory fakes: each records its call in write-log.ts and derives its reference from the
 * idempotency key, so a repeated key returns the same booking and books nothing new.
 */
import { z } from "zod";
import { action } from "@skillflow/core";
import { recordWrite, referenceFor } from "./write-log.js";

const conference = z.string().describe("the conference");
const flightId = z.string().describe("the chosen flight");
const hotelId = z.string().describe("the chosen hotel");

export const holdFlight = action({
  name: "hold_flight",
  card: "Hold flight {flight_id}",
  description: "Hold a seat on the chosen flight.",
  input: z.object({ flight_id: flightId }),
  output: z.object({ flight_hold: z.string().describe("the flight hold reference") }),
}, (input, { idempotencyKey }) =>
  recordWrite("hold_flight", idempotencyKey, input, () => ({ flight_hold: referenceFor("FH", idempotencyKey) })));

export const holdHotel = action({
  name: "hold_hotel",
  card: "Book hotel {hotel_id} for {nights} {nights == 1 ? \"night\" : \"nights\"} at {conference}",
  description: "Hold a room at the chosen hotel for the stay.",
  input: z.object({ hotel_id: hotelId, nights: z.number().int().describe("nights at the hotel"), conference }),
  output: z.object({ hotel_hold: z.string().describe("the hotel hold reference") }),
}, (input, { idempotencyKey }) =>
  recordWrite("hold_hotel", idempotencyKey, input, () => ({ hotel_hold: referenceFor("HH", idempotencyKey) })));

export const reserveCab = action({
  name: "reserve_cab",
  card: "Cabs both ways between the airport and hotel {hotel_id}, meeting flight {flight_id}",
  description: "Reserve cabs between the airport and the hotel, meeting the chosen flight.",
  input: z.object({ flight_id: flightId, hotel_id: hotelId }),
  output: z.object({ cab_booking: z.string().describe("the cab booking reference") }),
}, (input, { idempotencyKey }) =>
  recordWrite("reserve_cab", idempotencyKey, input, () => ({ cab_booking: referenceFor("CAB", idempotencyKey) })));

export const takePayment = action({
  name: "take_payment",
  card: "Charge {money(total, \"EUR\")} to the company card for {conference}",
  description: "Charge the trip total to the company card.",
  input: z.object({ total: z.number().int().describe("the trip total in EUR"), conference }),
  output: z.object({ reference: z.string().describe("the booking reference") }),
}, (input, { idempotencyKey }) =>
  recordWrite("take_payment", idempotencyKey, input, () => ({ reference: referenceFor("TRIP", idempotencyKey) })));

export const writes = [holdFlight, holdHotel, reserveCab, takePayment];
