/**
 * `with:` on a `do:` step binds a tool input from a CEL expression instead of by name: the write receives
 * the expression's value, the card lists it under the input's name, and a change of anything the
 * expression reads changes the card, so a yes given for the old value no longer releases the write.
 * The zip collision of τ²-bench retail: the sign-in `zip` and the new address's `new_zip`.
 */
import { describe, expect, it } from "vitest";
import { cards, errors, Host, skillFrom, T, toolInfo, writes } from "./host.js";

const TOOLS = [
  toolInfo("find_user", "lookup", { zip: T.str }, { known: T.bool, user_id: T.str }),
  toolInfo("city_of", "lookup", { new_zip: T.str }, { city: T.str }),
  toolInfo("set_address", "write", { user_id: T.str, zip: T.str, city: T.str }, { done: T.bool }),
];

const skillText = (steps: string) => `---
name: move
description: Change the default address.
---

## Fields

\`\`\`yaml
zip: { pattern: "^[0-9]{5}$" }
new_zip: { pattern: "^[0-9]{5}$" }
note: { text: true }
\`\`\`

## Steps

\`\`\`yaml
${steps.trim()}
\`\`\`
`;

const STEPS = `
- ask: { zip: "Your zip code, to find your account?" }
- ask: { new_zip: "The new zip code?" }
- confirm: { move: "Change your default address?" }
- ask: { note: "Anything for the courier?" }
- do: set_address
  with: { zip: new_zip, city: city_of.city }
- say: "Done."
`;

function host(steps = STEPS): Host {
  return new Host(skillFrom(skillText(steps), TOOLS), {
    find_user: () => ({ known: true, user_id: "u1" }),
    city_of: (i) => ({ city: i.new_zip === "10001" ? "New York" : "Chicago" }),
    set_address: () => ({ done: true }),
  });
}

describe("with: on a write", () => {
  it("binds the input from the expression, not from the field of the input's name", () => {
    const h = host();
    h.text("80280", { zip: "80280" });
    const shown = h.text("10001", { new_zip: "10001" });
    expect(cards(shown)[0]!.writes).toEqual([{
      tool: "set_address", instance: "5", inputs: { user_id: "u1", zip: "10001", city: "New York" },
      words: "Set address", details: [{ input: "user_id", label: "User id", value: "u1" }, { input: "zip", label: "Zip", value: "10001" }, { input: "city", label: "City", value: "New York" }],
    }]);
    h.press("move");
    const done = h.text("leave it at the door", { note: "leave it at the door" });
    expect(writes(done)).toEqual(["set_address"]);
    expect(done.calls.find((c) => c.tool === "set_address")!.inputs).toEqual({ user_id: "u1", zip: "10001", city: "New York" });
  });

  it("a change of what the expression reads after the yes voids it: the card is shown again, the write waits", () => {
    const h = host();
    h.text("80280", { zip: "80280" });
    h.text("10001", { new_zip: "10001" });
    h.press("move");
    // The flow now waits at `note`, with the yes given for zip 10001. The person changes the new zip.
    const changed = h.text("no, 60621", { new_zip: "60621" });
    expect(writes(changed)).toEqual([]);
    const [card] = cards(changed);
    expect(card!.writes[0]!.inputs).toEqual({ user_id: "u1", zip: "60621", city: "Chicago" });
    // The old yes is gone; note given, the write still does not run until a yes to the new card.
    const noted = h.text("at the door", { note: "at the door" });
    expect(writes(noted)).toEqual([]);
    const yes = h.press("move");
    expect(writes(yes)).toEqual(["set_address"]);
    expect(yes.calls.find((c) => c.tool === "set_address")!.inputs).toEqual({ user_id: "u1", zip: "60621", city: "Chicago" });
  });

  it("an ask between the confirm and the write of a field the expression reads ends what the confirm covers", () => {
    const h = host(`
- ask: { zip: "Your zip code, to find your account?" }
- confirm: { move: "Change your default address?" }
- ask: { new_zip: "The new zip code?" }
- do: set_address
  with: { zip: new_zip, city: city_of.city }
`);
    h.text("80280", { zip: "80280" });
    expect(cards(h.press("move"))).toEqual([]);
    const turn = h.text("10001", { new_zip: "10001" });
    expect(writes(turn)).toEqual([]);
    expect(errors(turn)).toEqual(["set_address was not run: no confirmation above it was answered yes."]);
  });

  it("a completed write's with: value cannot change afterwards", () => {
    const h = host(`
- ask: { zip: "Your zip code, to find your account?" }
- ask: { new_zip: "The new zip code?" }
- confirm: { move: "Change your default address?" }
- do: set_address
  with: { zip: new_zip, city: city_of.city }
- ask: { note: "Anything else?" }
`);
    h.text("80280", { zip: "80280" });
    h.text("10001", { new_zip: "10001" });
    expect(writes(h.press("move"))).toEqual(["set_address"]);
    const turn = h.text("make it 60621", { new_zip: "60621" });
    expect(h.state.answers.new_zip!.value).toBe("10001");
    expect(turn.effects.filter((e) => e.type === "refuse").map((e) => (e as { message: string }).message))
      .toEqual(["set_address already ran with zip 10001 and city New York, so new_zip cannot change now."]);
  });
});
