/**
 * A `check:` message is a template, as a question is (issue 36 §5): its `{…}` holes are rendered with
 * the values of the moment when the check refuses — never shown with the braces — and type-checked when
 * the skill loads, so a hole naming nothing is a `flow check` error rather than text shown as written.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import { bool, lookupTool, obj, skillFromText, str } from "../helpers/skill-text.js";
import { refusals } from "./host.js";
import { FLIGHTS, TRIP_MD, TRIP_TOOLS, tripFakes } from "./trip-fixture.js";
import { Host, skillFrom } from "./host.js";

const LATE = 'check_arrival.ok: "That flight lands after 8 pm. Pick an earlier one."';
const TEMPLATED = 'check_arrival.ok: "Flight {flight_id} lands at {flight_id.lands}, after 8 pm. Pick an earlier one."';

describe("a check message with holes", () => {
  it("is rendered with the values of the moment when the check refuses", () => {
    expect(TRIP_MD).toContain(LATE);
    const host = new Host(skillFrom(TRIP_MD.replace(LATE, TEMPLATED), TRIP_TOOLS), tripFakes());
    host.text("Lisbon AI summit", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
    const late = FLIGHTS.find((f) => f.id === "TP2")!;
    const turn = host.pick("flight_id", late.id);
    expect(refusals(turn)).toEqual([`Flight TP2 lands at ${late.lands}, after 8 pm. Pick an earlier one.`]);
    expect(JSON.stringify(turn)).not.toContain("{flight_id");
  });

  it("is type-checked when the skill loads: a hole naming nothing is an error at its place", () => {
    const tools = [lookupTool("verify", { code: str }, obj({ valid: bool }))];
    const skill = skillFromText("code: { text: true }", '- ask: { code: "Code?" }\n  check:\n    verify.valid: "Code {cdoe} is not valid."', tools);
    const found = checkSkill(skill).filter((d) => d.severity === "error");
    expect(found.map((d) => d.ruleId)).toEqual(["unknown-reference"]);
    expect(found[0]!.reason).toContain("cdoe");
  });

  it("keeps literal braces written doubled, as in any template", () => {
    const { skill } = parseSkill(TRIP_MD.replace(LATE, 'check_arrival.ok: "Too late {{sorry}}."'), "t/SKILL.md");
    const host = new Host({ ...skill!, tools: Object.fromEntries(TRIP_TOOLS.map((t) => [t.name, t])) }, tripFakes());
    host.text("Lisbon AI summit", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
    expect(refusals(host.pick("flight_id", "TP2"))).toEqual(["Too late {sorry}."]);
  });
});
