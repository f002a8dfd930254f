/**
 * One `flow check` run reports the structural problems and the problems further down together. A
 * misspelt step kind (`aks:`) or shape (`dat:`) once stopped every semantic check, so a person fixed one
 * typo only to meet five more errors on the next run. The misspelt key is read as the kind or shape it
 * is closest to (and still reported; the skill does not load); a part that cannot be read at all still
 * stops the semantic checks, which would otherwise report what only the missing part explains.
 */
import { describe, expect, it } from "vitest";
import { checkSkillText } from "../../src/loader/check-skill-text.js";
import { dbl, lookupTool, obj, str, writeTool } from "../helpers/skill-text.js";

const tools = Object.fromEntries([
  lookupTool("quote_trip", { nights: { t: "int" } }, obj({ total: dbl })),
  writeTool("book_trip", { nights: { t: "int" }, date: str }, obj({ reference: str })),
].map((t) => [t.name, t]));

function skill(fields: string, steps: string): string {
  return `---\nname: trip\ndescription: A trip.\n---\n\n## Fields\n\n\`\`\`yaml\n${fields}\`\`\`\n\n## Steps\n\n\`\`\`yaml\n${steps}\`\`\`\n`;
}

const rules = (text: string) => checkSkillText(text, "trip/SKILL.md", tools).diagnostics.map((d) => `${d.line} ${d.ruleId}`);

const FIELDS = "nights: { number: { min: 1, max: 14 } }\ndate: { date: true }\n";
const STEPS = [
  '- ask: { nights: "How many nights?" }',
  '- ask: { date: "Which day?" }',
  "- do: quote_trip",
  '- confirm: { book: "Book {nights} nights for {quote_trip.total} EUR?" }',
  "- do: book_trip",
  '- say: "Booked: {book_trip.reference}."',
  "",
].join("\n");

describe("flow check past a structural error", () => {
  it("the skill as written checks clean", () => {
    expect(rules(skill(FIELDS, STEPS))).toEqual([]);
  });

  it("reports `aks:` and the unknown tool of `do: quote_trp` in one run", () => {
    const steps = STEPS.replace("- ask: { nights", "- aks: { nights").replace("- do: quote_trip", "- do: quote_trp");
    expect(rules(skill(FIELDS, steps))).toEqual(["16 unknown-step-key", "18 unknown-tool"]);
  });

  it("reports `date: { dat: true }` and the problems further down in one run", () => {
    const steps = STEPS
      .replace("{quote_trip.total}", "{quote_trip.totl}")
      .replace("- do: book_trip", "- do: book_trp")
      .replace("Booked: {book_trip.reference}.", "Booked: {book_trip.reference} on {date.day}.");
    expect(rules(skill(FIELDS.replace("{ date: true }", "{ dat: true }"), steps))).toEqual([
      "10 unknown-field-key",
      "19 confirm-covers-nothing", // the write it covered is the unknown `book_trp`
      "19 unknown-reference",
      "20 unknown-tool",
      "21 used-before-asked",
      "21 ill-typed-hole",
    ]);
  });

  it("does not check further down when a step cannot be read at all", () => {
    const steps = STEPS.replace('- ask: { nights: "How many nights?" }', "- ask: nights").replace("- do: quote_trip", "- do: quote_trp");
    expect(rules(skill(FIELDS, steps))).toEqual(["16 invalid-step"]);
  });
});
