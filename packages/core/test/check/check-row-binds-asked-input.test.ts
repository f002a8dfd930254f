/**
 * row-binds-asked-input: inside a `repeat`, a tool taking by name an input that both the row and an asked
 * field give. Reported for a lookup read or run in the loop and for a write's `do:` there; not once a
 * `with:` says which value is meant, nor outside a repeat, nor when nothing asks a field of that name.
 * And the procedure of a lookup's `with:`: its bound inputs, holding wherever the lookup is read.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { renderProcedure } from "../../src/index.js";
import { int, list, lookupTool, obj, skillFromText, str, writeTool } from "../helpers/skill-text.js";

const tools = [
  lookupTool("find_booking", { booking_id: str }, obj({ legs: list(obj({ id: str, origin: str, date: str })) })),
  lookupTool("search_seats", { origin: str, date: str }, obj({ seats: int })),
  writeTool("move_leg", { id: str, date: str }, obj({ reference: str })),
];
const fields = `booking_id: { text: true }
date: { text: true }
new_date: { text: true, description: "the new travel day" }`;
const skill = (steps: string) => skillFromText(fields, `
- ask: { booking_id: "Which booking?" }
- ask: { date: "Which day instead?" }${steps}`, tools);
const rules = (steps: string) => checkSkill(skill(steps)).map((d) => `${d.line}:${d.column} ${d.severity} ${d.ruleId}`);

describe("row-binds-asked-input", () => {
  it("warns where a lookup read in the loop would take the row's date or the answer's", () => {
    const found = checkSkill(skill(`
- repeat: { for: leg, in: find_booking.legs }
  steps:
    - say: "{search_seats.seats} seats."`));
    expect(found.map((d) => `${d.line}:${d.column} ${d.severity} ${d.ruleId}`)).toEqual(["11:14 warning row-binds-asked-input"]);
    expect(found[0]!.reason).toContain("both the row's `leg.date` and the field `date` (asked at line 8) give it");
  });

  it("warns on a write's do: in the loop, whose fix is its own with:", () => {
    const found = checkSkill(skill(`
- repeat: { for: leg, in: find_booking.legs }
  steps:
    - confirm: { move: "Move {leg.origin}?" }
    - do: move_leg`));
    expect(found.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(["12:11 row-binds-asked-input"]);
    expect(found[0]!.fix).toBe("Say which one with `with: { date: date }` (the answer) or `with: { date: leg.date }` (the row) on `do: move_leg`.");
  });

  it("says nothing once a with: names the value, outside a repeat, or when no field has the row's property's name", () => {
    expect(rules(`
- repeat: { for: leg, in: find_booking.legs }
  steps:
    - do: search_seats
      with: { date: leg.date }
    - say: "{search_seats.seats} seats."
    - confirm: { move: "Move {leg.origin}?" }
    - do: move_leg
      with: { date: date }`)).toEqual([]);
    expect(rules(`
- repeat: { for: leg, in: find_booking.legs }
  steps:
    - say: "{leg.origin}"
- say: "{search_seats.seats} seats."`)).toEqual(["12:10 error unbound-tool-input"]);
    expect(checkSkill(skillFromText(fields, `
- ask: { booking_id: "Which booking?" }
- repeat: { for: leg, in: find_booking.legs }
  steps:
    - say: "{search_seats.seats} seats."`, tools)).map((d) => d.ruleId)).toEqual([]);
  });
});

describe("the procedure of a lookup's with:", () => {
  it("names each bound input and that it holds wherever the lookup is read", () => {
    const md = renderProcedure(skillFromText(fields, `
- ask: { booking_id: "Which booking?" }
- ask: { new_date: "Which day instead?" }
- repeat: { for: leg, in: find_booking.legs }
  steps:
    - do: search_seats
      with: { date: new_date }`, tools), "md");
    expect(md).toContain("  - **3.1** Look up `search_seats`\n    - `date` is the new travel day\n"
      + "    - These inputs hold wherever `search_seats` is read; it is looked up again when one of them changes\n");
  });
});
