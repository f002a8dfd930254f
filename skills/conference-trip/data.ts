/**
 * The fake world the conference-trip tools answer from: two conferences, their flights (out of London,
 * the day before the conference opens), hotels, cab fares, the travel budget and the approval codes.
 * Plain data and pure look-ups; no clock, no randomness, so every run answers the same.
 */

export interface Conference {
  id: string;
  name: string;
  aliases: string[];
  city: string;
  /** First day, ISO date. */
  starts: string;
  dates: string;
  /** The travel budget for one trip to it, EUR. */
  budget: number;
  /** Cab between the airport and a hotel, each way, EUR. */
  cabFare: number;
}

export interface Flight {
  id: string;
  conference: string;
  carrier: string;
  departs: string;
  lands: string;
  /** Return fare, EUR. */
  price: number;
}

export interface Hotel {
  id: string;
  conference: string;
  name: string;
  stars: number;
  nightlyRate: number;
  /** Nights the hotel can still sell from the check-in day (0: full). */
  roomsForNights: number;
}

export const conferences: Conference[] = [
  {
    id: "lisbon-ai-summit", name: "Lisbon AI Summit", aliases: ["lisbon ai", "ai summit lisbon"],
    city: "Lisbon", starts: "2027-03-18", dates: "18–19 March 2027", budget: 1200, cabFare: 35,
  },
  {
    id: "berlin-data-days", name: "Berlin Data Days", aliases: ["data days", "data days berlin"],
    city: "Berlin", starts: "2027-05-11", dates: "11–12 May 2027", budget: 1400, cabFare: 45,
  },
];

export const flights: Flight[] = [
  { id: "TP1350", conference: "lisbon-ai-summit", carrier: "TAP", departs: "2027-03-17 07:05", lands: "2027-03-17 09:40", price: 320 },
  { id: "BA500", conference: "lisbon-ai-summit", carrier: "British Airways", departs: "2027-03-17 13:20", lands: "2027-03-17 16:00", price: 365 },
  { id: "FR8342", conference: "lisbon-ai-summit", carrier: "Ryanair", departs: "2027-03-17 19:10", lands: "2027-03-17 21:45", price: 140 },
  { id: "TP1352", conference: "lisbon-ai-summit", carrier: "TAP", departs: "2027-03-17 22:40", lands: "2027-03-18 01:21", price: 95 },
  { id: "LH921", conference: "berlin-data-days", carrier: "Lufthansa", departs: "2027-05-10 08:00", lands: "2027-05-10 10:50", price: 240 },
  { id: "BA982", conference: "berlin-data-days", carrier: "British Airways", departs: "2027-05-10 12:15", lands: "2027-05-10 15:05", price: 275 },
  { id: "EW9461", conference: "berlin-data-days", carrier: "Eurowings", departs: "2027-05-10 18:30", lands: "2027-05-10 21:20", price: 99 },
];

export const hotels: Hotel[] = [
  { id: "H-BAIXA", conference: "lisbon-ai-summit", name: "Hotel Baixa Nova", stars: 4, nightlyRate: 210, roomsForNights: 14 },
  { id: "H-ALFAMA", conference: "lisbon-ai-summit", name: "Alfama Guest House", stars: 3, nightlyRate: 120, roomsForNights: 3 },
  { id: "H-TOWER", conference: "lisbon-ai-summit", name: "Congress Tower", stars: 5, nightlyRate: 340, roomsForNights: 0 },
  { id: "H-MITTE", conference: "berlin-data-days", name: "Mitte Hof", stars: 4, nightlyRate: 180, roomsForNights: 14 },
  { id: "H-SPREE", conference: "berlin-data-days", name: "Spree Suites", stars: 5, nightlyRate: 290, roomsForNights: 14 },
];

/** Approval codes managers hand out, and the trip total each one covers, EUR. */
export const approvalCodes: Record<string, number> = { "AB-123456": 2000, "CD-654321": 1300 };

/** Latest landing the policy allows: 20:00 on the evening before the conference opens. */
export const LATEST_LANDING = "20:00";

/** The conference a person means, matching the name or an alias loosely (case, spaces, punctuation). Pure. */
export function findConference(text: string): Conference | undefined {
  const wanted = squash(text);
  return conferences.find((c) => squash(c.name) === wanted || c.aliases.some((a) => squash(a) === wanted));
}

export function flightById(id: string): Flight | undefined {
  return flights.find((f) => f.id === id);
}

export function hotelById(id: string): Hotel | undefined {
  return hotels.find((h) => h.id === id);
}

/** The day before an ISO date, as an ISO date. Pure. */
export function dayBefore(isoDate: string): string {
  return addDays(isoDate, -1);
}

/** An ISO date moved by `days`. Pure. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}
