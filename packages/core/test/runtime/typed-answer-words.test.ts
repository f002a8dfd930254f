/**
 * Issue 36, point 2: the fixed words a card is answered with (`readYesNo`) and the rows a grid's words
 * name (`matchRows`), pure. docs/skill-format.md lists the same words: a word added to the code and not
 * to the doc (or the other way) fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { matchRows } from "../../src/runtime/match-rows.js";
import { NO_WORDS, POLITE_WORDS, readYesNo, YES_WORDS } from "../../src/runtime/read-yes-no.js";

describe("readYesNo: the fixed list", () => {
  it("reads the issue's examples, in any case and punctuation", () => {
    for (const yes of ["yes please", "yes, go ahead", "sure", "ok", "Y", "Okay!", "yes, please, go ahead"]) expect(readYesNo(yes)).toBe(true);
    for (const no of ["no thanks", "don't", "No.", "n", "nope, thank you", "Don’t do it"]) expect(readYesNo(no)).toBe(false);
  });

  it("anything else is neither: another word, a yes and a no together, only politeness, nothing", () => {
    for (const other of ["yes but make it 4 nights", "no, go ahead", "please", "thanks", "", "maybe", "cancel", "yesterday", "not sure"]) {
      expect(readYesNo(other)).toBeUndefined();
    }
  });

  it("docs/skill-format.md lists exactly these words", () => {
    const doc = readFileSync(new URL("../../../../docs/skill-format.md", import.meta.url), "utf8");
    const list = (label: string) => {
      const line = doc.split("\n").find((l) => l.startsWith(`- ${label}: `));
      return line?.slice(label.length + 4).split(", ").map((w) => w.replace(/^`|`\.?$/g, ""));
    };
    expect(list("A yes")).toEqual([...YES_WORDS]);
    expect(list("A no")).toEqual([...NO_WORDS]);
    expect(list("Beside either")).toEqual([...POLITE_WORDS]);
  });
});

const FLIGHTS = [
  { id: "TP1350", carrier: "TAP", departs: "2027-03-17 07:05", hidden: "lisbon" },
  { id: "BA500", carrier: "British Airways", departs: "2027-03-17 13:20", hidden: "lisbon" },
  { id: "TP1352", carrier: "TAP", departs: "2027-03-17 22:40", hidden: "lisbon" },
];
const SHOWN = ["carrier", "departs"];

describe("matchRows: a grid's rows by their words", () => {
  it("one row when every word said is one of its shown words", () => {
    expect(matchRows("the British Airways one", FLIGHTS, SHOWN)).toEqual({ kind: "one", row: FLIGHTS[1] });
    expect(matchRows("I'll take the TAP at 07:05 please", FLIGHTS, SHOWN)).toEqual({ kind: "one", row: FLIGHTS[0] });
    expect(matchRows("tp1352", FLIGHTS, SHOWN)).toEqual({ kind: "one", row: FLIGHTS[2] });
  });

  it("several rows when they all have the words; none when a word is in no row or is not shown", () => {
    expect(matchRows("TAP", FLIGHTS, SHOWN)).toEqual({ kind: "several", rows: [FLIGHTS[0], FLIGHTS[2]] });
    expect(matchRows("British Airways, 4 nights", FLIGHTS, SHOWN)).toEqual({ kind: "none" });
    expect(matchRows("lisbon", FLIGHTS, SHOWN)).toEqual({ kind: "none" });
  });

  it("numbers alone and filler alone name no row", () => {
    expect(matchRows("2027", FLIGHTS, SHOWN)).toEqual({ kind: "none" });
    expect(matchRows("the one please", FLIGHTS, SHOWN)).toEqual({ kind: "none" });
  });
});
