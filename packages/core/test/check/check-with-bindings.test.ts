/**
 * `flow check` on `with:`: its expressions are checked like conditions (syntax, unknown names with a
 * suggestion, types), each value's type against the tool's input, each key against the tool's inputs,
 * an input it binds needs nothing else, and what it reads counts for the write gate: an ask of such a
 * field after the confirm ends what the confirm covers.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { bool, int, list, lookupTool, obj, skillFromText, str, writeTool } from "../helpers/skill-text.js";

const tools = [
  lookupTool("find_user", { zip: str }, obj({ known: bool, user_id: str })),
  lookupTool("get_user", { user_id: str }, obj({ address: obj({ zip: str, city: str }), orders: list(str) })),
  writeTool("set_address", { user_id: str, zip: str, city: str }, obj({ done: bool })),
  writeTool("hold_items", { item_ids: list(str) }, obj({ done: bool })),
];
const fields = `zip: { pattern: "^[0-9]{5}$" }
new_zip: { pattern: "^[0-9]{5}$" }
new_city: { text: true }
count: { number: true }`;
const SIGN_IN = `
- ask: { zip: "Your zip?" }
  check:
    find_user.known: "Unknown."`;
const diagnostics = (steps: string) => checkSkill(skillFromText(fields, SIGN_IN + steps, tools));
const rules = (steps: string) => diagnostics(steps).map((d) => `${d.line}:${d.column} ${d.ruleId}`);

describe("with: in flow check", () => {
  it("accepts inputs bound from fields, lookup outputs and list expressions", () => {
    expect(rules(`
- ask: { new_zip: "New zip?" }
- ask: { new_city: "New city?" }
- confirm: { move: "Move to {new_city}?" }
- do: set_address
  with: { zip: new_zip, city: new_city }
- confirm: { hold: "Hold them?" }
- do: hold_items
  with: { item_ids: 'get_user.orders.map(o, o + "-1")' }`)).toEqual([]);
  });

  it("satisfies unbound-tool-input: without with:, city is bound by nothing", () => {
    expect(rules(`
- ask: { new_zip: "New zip?" }
- confirm: { move: "Move?" }
- do: set_address`)).toEqual(["12:7 unbound-tool-input"]);
    expect(rules(`
- confirm: { move: "Move?" }
- do: set_address
  with: { city: get_user.address.city }`)).toEqual([]);
  });

  it("reports an unknown name in an expression with a suggestion", () => {
    const [d] = diagnostics(`
- ask: { new_zip: "New zip?" }
- confirm: { move: "Move?" }
- do: set_address
  with: { zip: new_zp, city: new_city }`);
    expect(d).toMatchObject({ ruleId: "unknown-reference", line: 13, column: 16 });
    expect(d!.fix).toContain("Did you mean `new_zip`?");
  });

  it("reports a key that is not an input of the tool, with a suggestion", () => {
    const found = diagnostics(`
- confirm: { move: "Move?" }
- do: set_address
  with: { ziip: zip, city: get_user.address.city }`);
    expect(found.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(["12:11 unknown-tool-input"]);
    expect(found[0]!.reason).toBe("`ziip` is not an input of `set_address`, whose inputs are `user_id`, `zip`, `city`.");
    expect(found[0]!.fix).toContain("Did you mean `zip`?");
  });

  it("reports a value whose type does not fit the input", () => {
    const found = diagnostics(`
- ask: { count: "How many?" }
- confirm: { move: "Move?" }
- do: set_address
  with: { zip: count, city: get_user.address.city }
- confirm: { hold: "Hold?" }
- do: hold_items
  with: { item_ids: get_user.address.zip }`);
    expect(found.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(["13:16 ill-typed-input", "16:21 ill-typed-input"]);
    expect(found[0]!.reason).toBe("`with:` gives `zip` the value of `count`, a whole number, but `set_address` takes `zip` as text.");
  });

  it("checks a lookup's with: as a write's: input names and types", () => {
    expect(rules(`
- do: get_user
  with: { user_id: '"u1"' }`)).toEqual([]);
    const found = diagnostics(`
- ask: { count: "How many?" }
- do: get_user
  with: { user_id: count, usr_id: zip }`);
    expect(found.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(["12:20 ill-typed-input", "12:27 unknown-tool-input"]);
    expect(found[0]!.reason).toBe("`with:` gives `user_id` the value of `count`, a whole number, but `get_user` takes `user_id` as text.");
  });

  it("refuses a second, different with: on the same lookup (only the first binds it)", () => {
    expect(rules(`
- do: get_user
  with: { user_id: '"u1"' }
- say: "{get_user.address.city}"
- do: get_user
  with: { user_id: '"u2"' }`)).toEqual(["14:3 with-on-lookup"]);
    expect(rules(`
- do: get_user
  with: { user_id: '"u1"' }
- do: get_user
  with: { user_id: '"u1"' }
- do: get_user`)).toEqual([]);
  });

  it("refuses a lookup's with: that reads the lookup itself", () => {
    expect(rules(`
- do: get_user
  with: { user_id: get_user.address.zip }`)).toEqual(["11:20 with-on-lookup"]);
  });

  it("a lookup's with: binds it wherever it is read: what it reads must be asked before the first read", () => {
    expect(rules(`
- say: "{get_user.address.city}"
- ask: { new_zip: "New zip?" }
- do: get_user
  with: { user_id: new_zip }`)).toEqual(["13:20 used-before-asked"]);
  });

  it("an ask after the confirm of a field a lookup's with: reads leaves a write reading that lookup ungated", () => {
    const steps = (withLine: string) => `
- confirm: { move: "Move?" }
- ask: { new_zip: "New zip?" }
- do: get_user${withLine}
- do: set_address
  with: { city: get_user.address.city }`;
    expect(rules(steps(`
  with: { user_id: new_zip }`))).toEqual(["10:3 confirm-covers-nothing", "14:3 ungated-write"]);
    expect(rules(steps(""))).toEqual([]);
  });

  it("an ask after the confirm of a field a with: expression reads leaves the write ungated", () => {
    expect(rules(`
- confirm: { move: "Move?" }
- ask: { new_zip: "New zip?" }
- do: set_address
  with: { zip: new_zip, city: get_user.address.city }`)).toEqual(["10:3 confirm-covers-nothing", "12:3 ungated-write"]);
    // The same skill without with: binds zip from the sign-in (asked before the confirm): gated.
    expect(rules(`
- confirm: { move: "Move?" }
- ask: { new_city: "New city?" }
- do: set_address
  with: { city: get_user.address.city }`)).toEqual([]);
  });

  it("reads its references where the write is: a field asked only later is used before it is asked", () => {
    expect(rules(`
- confirm: { move: "Move?" }
- do: set_address
  with: { zip: new_zip, city: get_user.address.city }
- ask: { new_zip: "New zip?" }`)).toEqual(["12:16 used-before-asked"]);
  });
});
