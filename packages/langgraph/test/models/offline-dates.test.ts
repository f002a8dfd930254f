/**
 * The offline extractor's dates (read by chrono-node against the flow's clock) and questions (which
 * answer nothing), on their own and through createFlow.
 */
import { describe, expect, it } from "vitest";
import { checkSkillText } from "@skillflow/core/loader";
import { createFlow } from "../../src/create-flow.js";
import { offlineModel } from "../../src/models/offline-model.js";
import { findDateMatches } from "../../src/models/offline/read-dates.js";
import { isQuestion } from "../../src/models/offline/read-questions.js";
import type { FieldInScope } from "../../src/understand/model-port.js";
import { extractOffline } from "../../src/models/offline-model.js";
import * as F from "./offline-fields.js";

/** Monday 1 March 2027, 09:00 UTC. */
const NOW = "2027-03-01T09:00:00Z";

function run(text: string, pending?: FieldInScope, fields: FieldInScope[] = F.TRIP, now: string | undefined = NOW) {
  const request = { skill: { name: "trip", description: "Book a trip." }, fields, text, ...(pending ? { pending: { field: pending.name, question: "?" } } : {}) };
  return extractOffline(request, now);
}

const method: FieldInScope = {
  name: "refund_method",
  shape: { kind: "choices", choices: ["card", "store_credit"] },
  synonyms: { store_credit: ["store credit", "voucher"] },
};

describe("offline dates, against the flow's clock", () => {
  it.each([
    ["next monday", "2027-03-08"],
    ["tomorrow", "2027-03-02"],
    ["Friday", "2027-03-05"],
    ["3 March", "2027-03-03"],
    ["on the 3rd of March please", "2027-03-03"],
    ["in 3 days", "2027-03-04"],
    ["February 2", "2028-02-02"],
    ["2027-03-18", "2027-03-18"],
    ["25/12/2027", "2027-12-25"],
  ])("%j is %s", (text, iso) => {
    expect(run(text, F.arrival)).toEqual({ arrival_date: iso });
  });

  it("counts days in the clock's own time zone", () => {
    expect(run("tomorrow", F.arrival, F.TRIP, "2027-03-02T02:00:00Z")).toEqual({ arrival_date: "2027-03-03" });
    expect(run("tomorrow", F.arrival, F.TRIP, "2027-03-01T21:00:00-05:00")).toEqual({ arrival_date: "2027-03-02" });
  });

  it.each(["3pm", "in March", "next week", "now", "I sat down", "3/5", "03/04/2027", "sometime soon"])("%j is no date", (text) => {
    expect(run(text, F.arrival)).toEqual({});
  });

  it("leaves a length of stay to the number it is", () => {
    expect(run("for 5 days", F.nights, [F.nights, F.arrival])).toEqual({ nights: 5 });
    expect(run("5 March, 3 nights", F.nights, [F.nights, F.arrival])).toEqual({ nights: 3, arrival_date: "2027-03-05" });
    expect(run("arrive March 3 and leave March 5", undefined)).toEqual({});
    expect(run("arrival March 3, departure March 5", undefined)).toEqual({ arrival_date: "2027-03-03", departure_date: "2027-03-05" });
  });

  it("proposes a day the calendar lacks to the pending question only, for the runtime to refuse", () => {
    expect(run("2027-02-30", F.arrival)).toEqual({ arrival_date: "2027-02-30" });
    expect(run("30 February", F.arrival)).toEqual({ arrival_date: "2027-02-30" });
    expect(run("February 30th, 2028", F.arrival)).toEqual({ arrival_date: "2028-02-30" });
    expect(run("2027-02-30 or 2027-03-02", F.arrival)).toEqual({ arrival_date: "2027-03-02" });
    expect(run("2027-02-30", F.nights, [F.nights, F.arrival])).toEqual({});
  });

  it("reads only dates with a day, month and year when it has no clock", () => {
    expect(findDateMatches("March 3 2027, tomorrow, next monday").map((d) => d.iso)).toEqual(["2027-03-03"]);
  });
});

describe("offline questions answer nothing", () => {
  it.each([
    ["how long do card refunds take?", {}],
    ["how long do card refunds take", {}],
    ["What's the difference between card and store credit?", {}],
    ["How long do card refunds take? I'll take store credit then", { refund_method: "store_credit" }],
    ["can I get store credit?", { refund_method: "store_credit" }],
    ["how about the card?", { refund_method: "card" }],
    ["What I want is a voucher", { refund_method: "store_credit" }],
    ["card", { refund_method: "card" }],
  ])("%j", (text, expected) => {
    expect(run(text, method, [method])).toEqual(expected);
  });

  it("tells questions from statements and suggestions", () => {
    expect(isQuestion("and which is faster?")).toBe(true);
    expect(isQuestion("when do I get it")).toBe(true);
    expect(isQuestion("what about 4 nights?")).toBe(false);
    expect(isQuestion("whatever you like")).toBe(false);
    expect(isQuestion("However, make it 4")).toBe(false);
  });

  it("still gives a text field the message as typed", () => {
    expect(run("why is it so slow?", F.notes, [F.notes])).toEqual({ notes: "why is it so slow?" });
  });
});

describe("the flow's clock reaches the offline extractor", () => {
  const text = [
    "---", "name: visit", "description: Book a visit.", "---", "", "## Fields", "", "```yaml", "day: { date: true }", "```", "",
    "## Steps", "", "```yaml", '- ask: { day: "Which day?" }', '- say: "See you on {day}."', "```", "",
  ].join("\n");
  const skill = checkSkillText(text, "visit/SKILL.md", {}).skill!;

  it("reads 'next monday' by createFlow's now, not by the real clock", async () => {
    const flow = await createFlow({ skill, model: offlineModel(), now: "2031-06-11T12:00:00Z" });
    await flow.send("v", { preset: {} });
    const turn = await flow.send("v", { text: "next monday" });
    expect(turn.reply).toContain("See you on 2031-06-16.");
  });

  it("says what is wrong with a day the calendar lacks", async () => {
    const flow = await createFlow({ skill, model: offlineModel(), now: NOW });
    await flow.send("v", { preset: {} });
    const turn = await flow.send("v", { text: "2027-02-30" });
    expect(turn.reply).toEqual(["30 February 2027 does not exist.", "Which day?"]);
  });
});
