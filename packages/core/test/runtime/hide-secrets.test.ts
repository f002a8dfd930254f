/**
 * Issue 21: which matches of a secret's pattern in free text are the secret. Only a match the person
 * names as the secret (a cue beside it, with at most three linking words between) is hidden; a bare
 * match is left as typed; a value already known as a secret is hidden wherever it stands.
 */
import { describe, expect, it } from "vitest";
import { hideSecrets } from "../../src/runtime/hide-secrets.js";
import { initialState } from "../../src/runtime/initial-state.js";
import { skillFrom } from "./host.js";

const PIN = skillFrom(`---
name: pin
description: d
---
## Fields

\`\`\`yaml
card_pin: { pattern: "^[0-9]{4}$", secret: true, cue: [passcode, "personal number"] }
note: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { note: "Note?" }
- ask: { card_pin: "PIN?" }
\`\`\`
`, []);

const hidden = (text: string) => hideSecrets(PIN, null, text);

describe("a match named as the secret", () => {
  it.each([
    ["my PIN is 4071", "my PIN is [secret]"],
    ["PIN: 4071, thanks", "PIN: [secret], thanks"],
    ["card pin 4071", "card pin [secret]"],
    ["4071 is my PIN", "[secret] is my PIN"],
    ["the passcode is 4071", "the passcode is [secret]"],
    ["my personal number is 4071", "my personal number is [secret]"],
    ["1990, my PIN is 4071", "1990, my PIN is [secret]"],
    ["my PIN is 4071 and 4071 is also my door code", "my PIN is [secret] and [secret] is also my door code"],
  ])("%s → %s", (text, expected) => {
    expect(hidden(text).text).toBe(expected);
    expect(hidden(text).offers).toEqual({ card_pin: "4071" });
  });
});

describe("a bare match is left as typed", () => {
  it.each([
    "I paid 1250 EUR on 2026-11-03",
    "call me at 0770 0900 123",
    "I paid 1250 EUR by card, PIN later",
    "the spinning 4071 thing", // "spin" is not the word "pin"
    "pinned 4071",
    "order sqlite-4421-x",
    "my PIN? I will type it when you ask. It cost 1250",
  ])("%s", (text) => {
    expect(hidden(text)).toEqual({ text, offers: {} });
  });
});

describe("a secret already known", () => {
  it("is hidden wherever it stands, with no cue, and answered fields are not looked for again", () => {
    const state = initialState("t");
    state.answers.card_pin = { value: "4071", by: "user", turn: 1 } as never;
    state.refusedSecrets = ["12"];
    expect(hideSecrets(PIN, state, "was it 4071 or 12? my PIN is 9999")).toEqual({ text: "was it [secret] or [secret]? my PIN is 9999", offers: {} });
  });
});
