/** Fields in scope used by the offline extractor tests (shaped like the runtime builds them). */
import type { FieldInScope } from "../../src/understand/model-port.js";

const at = { line: 1, column: 1 };

export const conference: FieldInScope = { name: "conference", shape: { kind: "lookup", tool: "find_conference", toolPos: at } };
export const nights: FieldInScope = { name: "nights", shape: { kind: "number", min: 1, max: 14 } };
export const guests: FieldInScope = { name: "number_of_guests", shape: { kind: "number", min: 1, max: 4 } };
export const budget: FieldInScope = { name: "budget", shape: { kind: "decimal", min: 0 } };
export const cabin: FieldInScope = {
  name: "cabin",
  shape: { kind: "choices", choices: ["economy", "premium_economy", "business"] },
  synonyms: { economy: ["coach", "standard"], business: ["biz"] },
};
export const room: FieldInScope = { name: "room", shape: { kind: "choices", choices: ["standard", "suite"] } };
export const arrival: FieldInScope = { name: "arrival_date", shape: { kind: "date" } };
export const departure: FieldInScope = { name: "departure_date", shape: { kind: "date" } };
export const email: FieldInScope = { name: "email", shape: { kind: "pattern", pattern: "^[^@\\s]+@[^@\\s]+\\.[a-z]+$" } };
export const code: FieldInScope = { name: "employee_code", shape: { kind: "pattern", pattern: "^[A-Z]{2}-[0-9]{6}$" } };
export const nickname: FieldInScope = { name: "nickname", shape: { kind: "pattern", pattern: "^.+$" } };
export const fullName: FieldInScope = { name: "full_name", shape: { kind: "pattern", pattern: "^[A-Z][a-z]+ [A-Z][a-z]+$" } };
export const insurance: FieldInScope = { name: "insurance", shape: { kind: "yes_no" } };
export const notes: FieldInScope = { name: "notes", shape: { kind: "text" } };

/** A trip skill's model-settable fields. */
export const TRIP: FieldInScope[] = [conference, nights, guests, budget, cabin, arrival, departure, email, code, insurance, notes];
