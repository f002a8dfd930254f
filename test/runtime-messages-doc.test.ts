/**
 * docs/skill-format.md lists every sentence the runtime can say ("What the runtime says"), so a proof can
 * match a default refusal or notice without reading the code. The default refusals are rendered from
 * `defaultMessage` for every shape (a placeholder such as `{min}` given as the value), and every other
 * sentence is read from the runtime's source (test/helpers/runtime-sentences.ts): a sentence added,
 * reworded or removed in the code without the doc fails here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Shape } from "../packages/core/src/format/ir.js";
import { defaultMessage } from "../packages/core/src/runtime/validate-value.js";
import { runtimeSentences, sentencePattern } from "./helpers/runtime-sentences.js";
import { tripHost } from "../packages/core/test/runtime/trip-fixture.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const doc = readFileSync(join(root, "docs/skill-format.md"), "utf8");

/** The lines of every ```text block that follows `<!-- marker -->`. */
function blocks(marker: string): string[] {
  const pattern = new RegExp(`<!-- ${marker} -->\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\``, "g");
  return [...doc.matchAll(pattern)].flatMap((m) => m[1]!.split("\n"));
}

// Placeholders stand in for the values, so the rendered text is the doc's line.
const n = (name: string) => `{${name}}` as unknown as number;
const SHAPES: Shape[] = [
  { kind: "choices", choices: ["{choices}"] },
  { kind: "pattern", pattern: "x" },
  ...[{}, { min: n("min"), max: n("max") }, { min: n("min") }, { max: n("max") }].map((range): Shape => ({ kind: "number", ...range })),
  ...[{}, { min: n("min"), max: n("max") }, { min: n("min") }, { max: n("max") }, { places: n("places") }, { min: n("min"), max: n("max"), places: n("places") }]
    .map((range): Shape => ({ kind: "decimal", ...range })),
  { kind: "date" },
  { kind: "yes_no" },
  { kind: "lookup", tool: "t", toolPos: { line: 1, column: 1 } },
  { kind: "pick", from: { source: "t.rows", pos: { line: 1, column: 1 } } },
  { kind: "pick", from: { source: "t.rows", pos: { line: 1, column: 1 } }, many: true },
  { kind: "text" },
];

describe("docs/skill-format.md: What the runtime says", () => {
  const refusals = blocks("default-refusals");
  const said = blocks("runtime-messages");

  it("lists the default refusal of every shape, exactly", () => {
    expect(refusals).toEqual(SHAPES.map(defaultMessage));
  });

  it("lists every sentence in the runtime's source", () => {
    const lines = [...refusals, ...said];
    const sentences = runtimeSentences(root);
    expect(sentences.length).toBeGreaterThan(40);
    const missing = sentences.filter((s) => !lines.some((line) => sentencePattern(s.text).test(line)));
    expect(missing.map((s) => `${s.at}: ${s.text}`)).toEqual([]);
  });

  it("lists what a failed lookup says, when its cause names the tool as well as when it does not", () => {
    const patterns = said.map((line) => new RegExp(`^${line.split(/\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+?")}$`));
    const sayings = ["search_flights did not answer within 30000 ms.", "flight search is down"].map((error) => {
      const host = tripHost({ search_flights: () => { throw new Error(error); } });
      const turn = host.text("Lisbon, 3, economy", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
      return turn.effects.find((e) => e.type === "error")?.message;
    });
    expect(sayings).toEqual(["search_flights did not answer within 30000 ms.", "Could not get search_flights: flight search is down"]);
    expect(sayings.filter((text) => !patterns.some((p) => p.test(text!)))).toEqual([]);
  });

  it("lists no sentence the runtime no longer says", () => {
    const patterns = runtimeSentences(root).map((s) => sentencePattern(s.text));
    expect(said.filter((line) => !patterns.some((p) => p.test(line)))).toEqual([]);
  });
});
