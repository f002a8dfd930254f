/**
 * `namedByCue` reads only the words next to a value (so a long message costs linear time): it must
 * decide exactly as reading every word of both sides does, whatever the words' lengths — long words
 * make the window too short and the whole side is read instead.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { namedByCue, namedByCueIn, wordsOf } from "../../src/runtime/secret-cues.js";

const LINKING = ["is", "my", "the", "number", "of"];
const CUES = [["pin"], ["approval", "code"], ["passcode"]];

/** The decision with every word of both sides read. */
const namedReadingEverything = (cues: string[][], before: string, after: string) => namedByCueIn(cues, wordsOf(before), wordsOf(after));

const word = fc.oneof(
  fc.constantFrom(...LINKING, "pin", "PIN", "approval", "code", "passcode", "paid", "EUR", "1990"),
  fc.stringMatching(/^[a-z0-9]{1,80}$/),
);
const side = fc.array(word, { maxLength: 60 }).chain((words) =>
  fc.array(fc.constantFrom(" ", ", ", ": ", " - ", "  ", " ".repeat(150), "-".repeat(70)), { minLength: words.length, maxLength: words.length }).map((gaps) =>
    words.map((w, i) => gaps[i] + w).join("")),
);

describe("a cue next to a value", () => {
  it("is found from the words next to it exactly as from every word", () => {
    fc.assert(fc.property(side, side, (before, after) => {
      expect(namedByCue(CUES, before, after)).toBe(namedReadingEverything(CUES, before, after));
    }), { numRuns: 500 });
  });

  it("is found across long words and far from the ends of a long message", () => {
    const long = "x".repeat(200);
    expect(namedByCue(CUES, `${"1990 paid ".repeat(5000)}${long} my PIN is `, "")).toBe(true);
    expect(namedByCue(CUES, `${long} approval ${long} code is `, "")).toBe(false);
    expect(namedByCue(CUES, "", ` is the passcode ${"and 1990 ".repeat(5000)}`)).toBe(true);
    expect(namedByCue(CUES, "", ` ${long} passcode`)).toBe(false);
  });

  it("is found across long runs of spaces or dashes, and never from a word cut at the window's edge", () => {
    // The window holds no word at all: the whole side is read.
    expect(namedByCue(CUES, `my PIN${" ".repeat(400)}is `, "")).toBe(true);
    expect(namedByCue(CUES, "", `${"-".repeat(400)} my pin`)).toBe(true);
    // Wherever the window starts inside "zzzzzzzzpin", the part left is not the word "pin".
    for (let pad = 150; pad < 260; pad++) {
      expect(namedByCue(CUES, `zzzzzzzzpin${" ".repeat(pad)}is `, ""), `pad ${pad}`).toBe(false);
      expect(namedByCue(CUES, "", ` is${" ".repeat(pad)}passcodezzzz`), `pad ${pad}`).toBe(false);
    }
  });
});
