/** The routing decision table (pure): what one model call's `skill` and `intent` do. */
import { describe, expect, it } from "vitest";
import { decideRoute, targetOf, type RouteInput } from "../../src/routing/decide-route.js";

const idle: RouteInput = { active: null, finished: false };
const trip: RouteInput = { active: "trip", finished: false };

describe("decideRoute", () => {
  it.each<[string, RouteInput, ReturnType<typeof decideRoute>, string | null]>([
    ["nothing in progress, a skill named: open it", { ...idle, skill: "refund" }, { open: "refund", dropped: [] }, "refund"],
    ["nothing in progress, none named: stay idle", idle, { dropped: [] }, null],
    ["nothing in progress, a cancel: nothing to cancel", { ...idle, intent: "cancel" },
      { dropped: [{ field: "intent", reason: "no skill is in progress to cancel" }] }, null],
    ["in progress, no skill or the same skill: stay", { ...trip, skill: "trip" }, { dropped: [] }, "trip"],
    ["in progress, a switch to another: hold and open", { ...trip, intent: "switch", skill: "refund" },
      { close: { skill: "trip", how: "hold" }, open: "refund", dropped: [] }, "refund"],
    ["in progress, a switch to nowhere: hold and stay idle", { ...trip, intent: "switch" },
      { close: { skill: "trip", how: "hold" }, dropped: [] }, null],
    ["in progress, a switch naming the same skill: stay", { ...trip, intent: "switch", skill: "trip" }, { dropped: [] }, "trip"],
    ["in progress, another skill named without intent: stay, skill dropped", { ...trip, skill: "refund" },
      { dropped: [{ field: "skill", reason: "switching away from trip needs intent: switch" }] }, "trip"],
    ["in progress, a cancel: cancel it", { ...trip, intent: "cancel" }, { close: { skill: "trip", how: "cancel" }, dropped: [] }, null],
    ["in progress, a cancel naming another: cancel and open", { ...trip, intent: "cancel", skill: "refund" },
      { close: { skill: "trip", how: "cancel" }, open: "refund", dropped: [] }, "refund"],
    ["finished, a skill named (even itself): close and open a new run", { active: "trip", finished: true, skill: "trip" },
      { close: { skill: "trip", how: "close" }, open: "trip", dropped: [] }, "trip"],
    ["finished, none named: close and stay idle", { active: "trip", finished: true }, { close: { skill: "trip", how: "close" }, dropped: [] }, null],
  ])("%s", (_name, input, decision, target) => {
    const got = decideRoute(input);
    expect(got).toEqual(decision);
    expect(targetOf(input, got)).toBe(target);
  });
});
