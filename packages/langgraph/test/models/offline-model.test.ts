import { describe, expect, it } from "vitest";
import type { FieldInScope } from "../../src/understand/model-port.js";
import { extractOffline, offlineModel } from "../../src/models/offline-model.js";
import * as F from "./offline-fields.js";

/** The values the offline extractor finds in `text`, with `pending` as the open question. */
function run(text: string, pending?: FieldInScope, fields: FieldInScope[] = F.TRIP): Record<string, unknown> {
  const request = {
    skill: { name: "trip", description: "Book a trip." },
    fields,
    text,
    ...(pending ? { pending: { field: pending.name, question: "?" } } : {}),
  };
  return extractOffline(request);
}

type Case = [text: string, pending: FieldInScope | undefined, expected: Record<string, unknown>];

describe("offline extractor: choices", () => {
  it.each<Case>([
    ["economy", F.cabin, { cabin: "economy" }],
    ["Coach, please", F.cabin, { cabin: "economy" }],
    ["biz", F.cabin, { cabin: "business" }],
    ["premium economy", F.cabin, { cabin: "premium_economy" }],
    ["PREMIUM-ECONOMY!", F.cabin, { cabin: "premium_economy" }],
    ["not economy, business", F.cabin, { cabin: "business" }],
    ["economy or business", F.cabin, {}],
    ["economyplus", F.cabin, {}],
    ["business class for 3 nights please", F.nights, { cabin: "business", nights: 3 }],
  ])("%j (pending %s)", (text, pending, expected) => {
    expect(run(text, pending)).toEqual(expected);
  });

  it("gives words that are a choice of two fields only to the pending one", () => {
    const fields = [F.cabin, F.room];
    expect(run("standard", F.room, fields)).toEqual({ room: "standard" });
    expect(run("standard", F.cabin, fields)).toEqual({ cabin: "economy" });
    expect(run("standard", undefined, fields)).toEqual({});
  });
});

describe("offline extractor: numbers", () => {
  it.each<Case>([
    ["3", F.nights, { nights: 3 }],
    ["four please", F.nights, { nights: 4 }],
    ["Twelve", F.nights, { nights: 12 }],
    ["twenty-one", F.budget, { budget: 21 }],
    ["3 nights and 2 guests", undefined, { nights: 3, number_of_guests: 2 }],
    ["2 guests", F.nights, { number_of_guests: 2 }],
    ["nights: 5", F.guests, { nights: 5 }],
    ["we are two guests, for three nights", undefined, { number_of_guests: 2, nights: 3 }],
    ["budget is 1,200.50", undefined, { budget: 1200.5 }],
    ["5 guests", F.nights, {}],
    ["20 nights is too many, make it 3", F.nights, { nights: 3 }],
    ["the cheaper one", F.nights, {}],
    ["flight TP1352 at 3pm", F.nights, {}],
    ["code AB-123456", F.nights, { employee_code: "AB-123456" }],
  ])("%j (pending %s)", (text, pending, expected) => {
    expect(run(text, pending)).toEqual(expected);
  });

  it("proposes a number outside the range for the pending question, so the runtime refuses it", () => {
    expect(run("20", F.nights)).toEqual({ nights: 20 });
    expect(run("2.5", F.nights)).toEqual({ nights: 2.5 });
  });

  it("respects decimal places for a field that was not asked", () => {
    const price: FieldInScope = { name: "price", shape: { kind: "decimal", min: 0, places: 2 } };
    expect(run("price 12.50", undefined, [price])).toEqual({ price: 12.5 });
    expect(run("price 12.505", undefined, [price])).toEqual({});
  });

  it("does not read the digits of a date as a number", () => {
    expect(run("2027-03-03", F.nights, [F.nights])).toEqual({});
    expect(run("March 3 2027", F.nights, [F.nights])).toEqual({});
  });
});

describe("offline extractor: dates", () => {
  it.each<Case>([
    ["2027-03-03", F.arrival, { arrival_date: "2027-03-03" }],
    ["2027/3/3", F.arrival, { arrival_date: "2027-03-03" }],
    ["March 3 2027", F.arrival, { arrival_date: "2027-03-03" }],
    ["on Mar 3rd, 2027 please", F.arrival, { arrival_date: "2027-03-03" }],
    ["3 March 2027", F.arrival, { arrival_date: "2027-03-03" }],
    ["the 3rd of march, 2027", F.arrival, { arrival_date: "2027-03-03" }],
    ["February 30 2027", F.arrival, { arrival_date: "2027-02-30" }],
    ["March 3", F.arrival, {}],
    ["arrival March 3 2027, departure 2027-03-07", undefined, { arrival_date: "2027-03-03", departure_date: "2027-03-07" }],
    ["departure 2027-03-07", F.arrival, { departure_date: "2027-03-07" }],
    ["2027-03-07", undefined, {}],
  ])("%j (pending %s)", (text, pending, expected) => {
    expect(run(text, pending)).toEqual(expected);
  });

  it("fills the only date field in scope from the only date in the text", () => {
    expect(run("3 nights from 2027-03-03", F.nights, [F.nights, F.arrival])).toEqual({ nights: 3, arrival_date: "2027-03-03" });
    expect(run("2027-03-03 or 2027-03-04", F.nights, [F.nights, F.arrival])).toEqual({});
  });
});

describe("offline extractor: patterns", () => {
  it.each<Case>([
    ["it's ana@example.com.", F.email, { email: "ana@example.com" }],
    ["3 nights, mail me at ana@example.com", F.nights, { nights: 3, email: "ana@example.com" }],
    ["my code is AB-123456, thanks", F.code, { employee_code: "AB-123456" }],
    ["ab-123456", F.code, {}],
    ["no idea", F.code, {}],
  ])("%j (pending %s)", (text, pending, expected) => {
    expect(run(text, pending)).toEqual(expected);
  });

  it("uses a loose pattern only for the pending question", () => {
    const fields = [F.nights, F.nickname];
    expect(run("call me Ana", F.nickname, fields)).toEqual({ nickname: "call me Ana" });
    expect(run("3 nights", F.nights, fields)).toEqual({ nights: 3 });
  });

  it("finds a pattern that spans several words", () => {
    expect(run("my name is Ana Lima", F.fullName, [F.fullName])).toEqual({ full_name: "Ana Lima" });
  });

  it("never takes a value cut out of a longer word: the digits inside an order id are not a zip code", () => {
    const zip: FieldInScope = { name: "zip", shape: { kind: "pattern", pattern: "^[0-9]{5}$" } };
    const order: FieldInScope = { name: "order_id", shape: { kind: "lookup", tool: "get_order_details", toolPos: { line: 1, column: 1 } } };
    expect(run("#W8770097", order, [zip, order])).toEqual({ order_id: "#W8770097" });
    expect(run("it is order W8770097, zip 75277", order, [zip, order])).toMatchObject({ zip: "75277" });
    expect(run("Ana Limas", F.fullName, [F.fullName])).toEqual({ full_name: "Ana Limas" });
  });
});

describe("offline extractor: email addresses", () => {
  const at = { line: 1, column: 1 };
  const signIn: FieldInScope = { name: "sign_in", shape: { kind: "choices", choices: ["email", "name_and_zip"] }, synonyms: { email: ["my email"] } };
  const email: FieldInScope = { name: "email", shape: { kind: "lookup", tool: "find_user_id_by_email", toolPos: at }, description: "the email address of the user's account" };
  const order: FieldInScope = { name: "order_id", shape: { kind: "lookup", tool: "get_order_details", toolPos: at }, description: "the order id" };

  it("gives an address to the field described as an email address, even while another question is pending", () => {
    expect(run("my email is sophia.thomas1364@example.com", signIn, [signIn, email, order])).toEqual({ sign_in: "email", email: "sophia.thomas1364@example.com" });
    expect(run("It's Ana.Lima+shop@mail.example.co.uk, thanks", email, [signIn, email, order])).toEqual({ email: "Ana.Lima+shop@mail.example.co.uk" });
  });

  it("takes an address typed alone at the question of how to go on as its email choice too", () => {
    expect(run("sophia.thomas1364@example.com", signIn, [signIn, email, order])).toEqual({ sign_in: "email", email: "sophia.thomas1364@example.com" });
    const how: FieldInScope = { name: "contact", shape: { kind: "choices", choices: ["phone", "post"] } };
    expect(run("sophia.thomas1364@example.com", how, [how, email])).toEqual({ email: "sophia.thomas1364@example.com" });
  });

  it("gives it to no other lookup, and takes no word that is not an address", () => {
    expect(run("sophia.thomas1364@example.com", order, [order])).toEqual({ order_id: "sophia.thomas1364@example.com" });
    expect(run("my email is sophia at example dot com", signIn, [signIn, email])).toEqual({ sign_in: "email" });
    expect(run("@example.com", email, [email, order])).toEqual({ email: "@example.com" });
  });
});

describe("offline extractor: yes/no", () => {
  it.each<Case>([
    ["yes", F.insurance, { insurance: true }],
    ["Yep, please", F.insurance, { insurance: true }],
    ["sure", F.insurance, { insurance: true }],
    ["y", F.insurance, { insurance: true }],
    ["No problem", F.insurance, { insurance: true }],
    ["nope", F.insurance, { insurance: false }],
    ["No.", F.insurance, { insurance: false }],
    ["n", F.insurance, { insurance: false }],
    ["not sure", F.insurance, {}],
    ["maybe yes", F.insurance, {}],
    ["hello", F.insurance, {}],
    ["3 nights, no insurance", F.nights, { nights: 3, insurance: false }],
    ["with insurance please", undefined, { insurance: true }],
    ["yes", F.nights, {}],
  ])("%j (pending %s)", (text, pending, expected) => {
    expect(run(text, pending)).toEqual(expected);
  });
});

describe("offline extractor: lookups and text", () => {
  it.each<Case>([
    ["Book me for the Lisbon AI summit, 3 nights", F.conference, { conference: "Lisbon AI summit", nights: 3 }],
    ["RustConf", F.conference, { conference: "RustConf" }],
    ["I'm going to the Web Summit.", F.conference, { conference: "Web Summit" }],
    ["3 nights for the Lisbon AI summit in business", F.conference, { nights: 3, conference: "Lisbon AI summit", cabin: "business" }],
    ["3 nights", F.conference, { nights: 3 }],
    ["   ", F.conference, {}],
    ["Need a vegetarian meal, thanks.", F.notes, { notes: "Need a vegetarian meal, thanks." }],
    ["Lisbon AI summit", F.nights, {}],
    ["Lisbon AI summit", undefined, {}],
  ])("%j (pending %s)", (text, pending, expected) => {
    expect(run(text, pending)).toEqual(expected);
  });
});

describe("offline extractor: the port", () => {
  const request = {
    skill: { name: "trip", description: "Book a trip." },
    fields: F.TRIP,
    pending: { field: "nights", question: "How many nights?" },
    text: "four nights",
    chat: { instructions: "Answer questions about the options." },
  };

  it("is called offline, costs nothing and never answers freely", async () => {
    const model = offlineModel();
    const result = await model.extract(request);
    expect(model.id).toBe("offline");
    expect(result.extraction).toEqual({ ok: true, values: { nights: 4 } });
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
    expect(result.skill).toBeUndefined();
  });

  it("ignores a pending field that is not in scope (a secret is never offered)", () => {
    expect(extractOffline({ ...request, pending: { field: "approval_code", question: "Code?" }, text: "AB-123456" }))
      .toEqual({ employee_code: "AB-123456" });
    expect(extractOffline({ ...request, fields: [F.nights], pending: { field: "approval_code", question: "?" }, text: "AB-123456" }))
      .toEqual({});
  });

  it("picks a skill when several are offered", async () => {
    const skills = [
      { name: "conference-trip", description: "Book travel to a conference within the travel policy." },
      { name: "refund_order", description: "Refund an order that arrived damaged." },
    ];
    const result = await offlineModel().extract({ ...request, skills, text: "forget it, I want a refund instead" });
    expect(result.skill).toBe("refund_order");
  });
});
