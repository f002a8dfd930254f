/**
 * The offline extractor reads only the text near a value (`wordsAround`), so a long message with many
 * numbers costs linear time: it must give exactly the words that reading the whole text gives, whatever
 * the words' lengths and the gaps between them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wordsAround } from "../../src/models/offline/spans.js";

const WORD = /[\p{L}\p{N}_']+/gu;

/** The definition: every word of the text before `start` and after `end`, the nearest `n`. */
function readingEverything(text: string, start: number, end: number, n: number) {
  const words = (from: number, to: number) =>
    [...text.slice(from, to).matchAll(WORD)].map((m) => ({ word: m[0].toLowerCase(), start: from + m.index!, end: from + m.index! + m[0].length }));
  return { before: words(0, start).slice(-n).reverse(), after: words(end, text.length).slice(0, n) };
}

const piece = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_']{1,70}$/),
  fc.constantFrom(" ", ", ", ": ", " ".repeat(120), "-".repeat(90), "é", "3 nights", "budget is 1200"),
);

describe("the words around a value", () => {
  it("are the words reading the whole text gives", () => {
    fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), fc.nat(), fc.nat(), fc.integer({ min: 1, max: 4 }), (pieces, a, b, n) => {
      const text = pieces.join(" ");
      const start = text.length === 0 ? 0 : a % (text.length + 1);
      const end = start + (text.length - start === 0 ? 0 : b % (text.length - start + 1));
      expect(wordsAround(text, start, end, n)).toEqual(readingEverything(text, start, end, n));
    }), { numRuns: 500 });
  });

  it("are found across a long gap, and never as a word cut at the window's edge", () => {
    const text = `nights${" ".repeat(500)}3`;
    expect(wordsAround(text, text.length - 1, text.length).before.map((w) => w.word)).toEqual(["nights"]);
    for (let pad = 60; pad < 140; pad++) {
      const cut = `xxxxxxxxnights${" ".repeat(pad)}is 3`;
      expect(wordsAround(cut, cut.length - 1, cut.length).before.map((w) => w.word), `pad ${pad}`).toEqual(["is", "xxxxxxxxnights"]);
    }
  });
});
