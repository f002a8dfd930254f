/**
 * Offline routing by evidence: the stretches asked of a lookup, the framed proper name, the weighing
 * of evidence (`routeSkill`), and the host's `knows` probe on the real example skills — read-only, one
 * required input, cached per message.
 */
import { describe, expect, it } from "vitest";
import { loadHostedSkills } from "../../src/routing/load-hosted-skills.js";
import { lookupProbe } from "../../src/routing/lookup-probe.js";
import { framedName, lookupSpans, MAX_SPANS } from "../../src/models/offline/lookup-spans.js";
import { routeSkill } from "../../src/models/offline/route-skill.js";
import type { HostDeps } from "../../src/graph/host-deps.js";
import type { ExtractRequest, FieldInScope, HostedSkillInfo } from "../../src/understand/model-port.js";
import { offlineModel } from "../../src/models/offline-model.js";
import { createFlow } from "../../src/create-flow.js";
import { ACCOUNT, REFUND, TRIP } from "./hosted.js";

describe("lookupSpans", () => {
  it.each<[string, string]>([
    ["Book me for the Lisbon AI Summit, 3 nights", "Lisbon AI Summit"],
    ["Lisbon AI Summit for 3 nights", "Lisbon AI Summit"],
    ["I need to get to the Lisbon AI Summit", "Lisbon AI Summit"],
    ["Lisbon AI Summit, 3 nights, and put me on TP1350", "Lisbon AI Summit"],
    ["berlin data days", "berlin data days"],
  ])("%j offers %j", (text, span) => {
    expect(lookupSpans(text)).toContain(span);
  });

  it("offers each stretch once, at most MAX_SPANS, none without a letter", () => {
    const spans = lookupSpans("a, b, c, d, e, f, g, h, i, j, 1, 2");
    expect(spans.length).toBe(MAX_SPANS);
    expect(new Set(spans.map((s) => s.toLowerCase())).size).toBe(spans.length);
    expect(lookupSpans("3, 4!")).toEqual([]);
  });
});

describe("framedName", () => {
  it.each<[string, string | undefined]>([
    ["I'm off to the Paris Robotics Expo", "Paris Robotics Expo"],
    ["Tickets for the Web Summit please", "Web Summit"],
    ["I'd like to talk to John Smith", undefined],
    ["I'm off to paris robotics expo", undefined],
    ["I'm off to Paris", undefined],
    ["What's the weather like in Lisbon?", undefined],
  ])("%j → %j", (text, name) => {
    expect(framedName(text)).toBe(name);
  });
});

const field = (name: string, shape: FieldInScope["shape"], extra: Partial<FieldInScope> = {}): FieldInScope => ({ name, shape, ...extra });
const trip: HostedSkillInfo = {
  name: "conference-trip", description: "Book a conference trip within the travel policy.",
  fields: [field("conference", { kind: "lookup", tool: "find_conference" }), field("nights", { kind: "number", min: 1, max: 14 })],
};
const refund: HostedSkillInfo = {
  name: "order-refund", description: "Return items from a shop order and refund them.",
  fields: [
    field("email", { kind: "pattern", pattern: "^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$" }),
    field("return_reason", { kind: "choices", choices: ["damaged", "keep"] }, { synonyms: { damaged: ["arrived broken"] } }),
  ],
};
const request = (text: string, knows?: ExtractRequest["knows"]): ExtractRequest =>
  ({ skill: { name: "", description: "" }, fields: [], text, skills: [trip, refund], ...(knows ? { knows } : {}) });
const knowsLisbon: ExtractRequest["knows"] = async (_skill, _field, value) => value.toLowerCase() === "lisbon ai summit";

describe("routeSkill: weighing the evidence", () => {
  it("routes by a name a lookup knows, and returns it for the field", async () => {
    expect(await routeSkill(request("Lisbon AI Summit", knowsLisbon))).toEqual({ skill: "conference-trip", lookups: { conference: "Lisbon AI Summit" } });
  });

  it("without a probe, a known name is no evidence", async () => {
    expect(await routeSkill(request("Lisbon AI Summit"))).toEqual({ lookups: {} });
  });

  it("routes by a pattern value, a synonym, or a named number", async () => {
    expect((await routeSkill(request("it's maria@example.com"))).skill).toBe("order-refund");
    expect((await routeSkill(request("the kettle arrived broken"))).skill).toBe("order-refund");
    expect((await routeSkill(request("make it 5 nights"))).skill).toBe("conference-trip");
  });

  it("a stronger kind of evidence outweighs shared words", async () => {
    // "refund" is a word of order-refund's; the known conference weighs more.
    expect((await routeSkill(request("refund policy for Lisbon AI Summit, 2 nights", knowsLisbon))).skill).toBe("conference-trip");
  });

  it("no evidence, or a tie, picks none", async () => {
    expect((await routeSkill(request("hello there", knowsLisbon))).skill).toBeUndefined();
    expect((await routeSkill(request("a trip refund"))).skill).toBeUndefined();
  });

  it("a framed proper name no lookup knows is the weakest evidence, and becomes the field's value", async () => {
    expect(await routeSkill(request("I'm off to the Paris Robotics Expo", knowsLisbon))).toEqual({
      skill: "conference-trip", lookups: { conference: "Paris Robotics Expo" },
    });
    expect((await routeSkill(request("I'm off to the Paris Robotics Expo to return a shop order", knowsLisbon))).skill).toBe("order-refund");
  });
});

describe("the host's knows probe", () => {
  async function deps(): Promise<{ deps: HostDeps; runs: Array<Record<string, unknown>> }> {
    const hosted = await loadHostedSkills([TRIP, REFUND, ACCOUNT]);
    const runs: Array<Record<string, unknown>> = [];
    const trip = hosted.find((h) => h.skill.name === "conference-trip")!;
    const real = trip.tools.find_conference!;
    trip.tools = { ...trip.tools, find_conference: { ...real, run: (input, ctx) => (runs.push(input), real.run(input, ctx)) } };
    return { deps: { skills: hosted, model: offlineModel(), runtime: {}, toolTimeoutMs: 30_000, now: () => "2027-03-01T09:00:00Z", deploymentKey: new Uint8Array(32) }, runs };
  }

  it("runs the field's lookup with the value as its one input, and caches the answer", async () => {
    const { deps: d, runs } = await deps();
    const knows = lookupProbe(d);
    expect(await knows("conference-trip", "conference", "Lisbon AI Summit")).toBe(true);
    expect(await knows("conference-trip", "conference", "Lisbon AI Summit")).toBe(true);
    expect(await knows("conference-trip", "conference", "Paris Robotics Expo")).toBe(false);
    expect(runs).toEqual([{ conference: "Lisbon AI Summit" }, { conference: "Paris Robotics Expo" }]);
  });

  it("asks nothing of a field that is not a lookup, a secret, an unknown skill, or a lookup needing more inputs", async () => {
    const { deps: d, runs } = await deps();
    expect(await lookupProbe(d)("conference-trip", "nights", "3")).toBe(false);
    expect(await lookupProbe(d)("conference-trip", "approval_code", "AB-123456")).toBe(false);
    expect(await lookupProbe(d)("weather", "conference", "Lisbon AI Summit")).toBe(false);
    const trip = d.skills.find((h) => h.skill.name === "conference-trip")!;
    const info = trip.skill.tools.find_conference!;
    trip.skill = { ...trip.skill, tools: { ...trip.skill.tools, find_conference: { ...info, params: [...info.params, { name: "city", type: info.params[0]!.type, optional: false }] } } };
    expect(await lookupProbe(d)("conference-trip", "conference", "Lisbon AI Summit")).toBe(false);
    expect(runs).toEqual([]);
  });
});

describe("a message that starts a skill keeps the values found for it", () => {
  it("starts the trip with the conference and the nights, and asks for the flight", async () => {
    const flow = await createFlow({ skills: [TRIP, REFUND, ACCOUNT], model: offlineModel(), now: "2027-03-01T09:00:00Z" });
    const turn = await flow.send("keep", { text: "Book me for the Lisbon AI Summit, 3 nights" });
    expect(turn).toMatchObject({ skill: "conference-trip", pending: { kind: "ask", field: "flight_id" } });
    const answers = (await flow.state("keep"))!.answers;
    expect([answers.conference?.value, answers.nights?.value]).toEqual(["Lisbon AI Summit", 3]);
  });

  it("an unknown framed name starts the trip, which refuses it with its own message", async () => {
    const flow = await createFlow({ skills: [TRIP, REFUND, ACCOUNT], model: offlineModel(), now: "2027-03-01T09:00:00Z" });
    const turn = await flow.send("expo", { text: "I'm off to the Paris Robotics Expo" });
    expect(turn).toMatchObject({ skill: "conference-trip", pending: { kind: "ask", field: "conference" } });
    expect(turn.reply[0]).toBe("I don't know that conference. Try its full name, for example Lisbon AI Summit.");
  });
});
