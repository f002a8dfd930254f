/**
 * `flow procedure` on values and defaults: a "Values" section says what each value is (in the words the
 * tools' descriptions give, else as written), and a defaulted field's row says what it starts from.
 */
import { describe, expect, it } from "vitest";
import { buildProcedure } from "../../src/procedure/build-procedure.js";
import { renderMarkdown } from "../../src/procedure/render-markdown.js";
import { renderHtml } from "../../src/procedure/render-html.js";
import { dbl, lookupTool, str, writeTool } from "../helpers/skill-text.js";
import { valuesSkill } from "./values-text.js";

const quote = lookupTool("quote", { city: str }, { t: "object", fields: { fare: dbl, fee: dbl }, descriptions: { fare: "The fare of the trip.", fee: "the booking fee" } });
const TOOLS = [quote, writeTool("pay", { amount: dbl }, { t: "object", fields: {} })];
const skill = valuesSkill(`city: { text: true }\namount: { decimal: true, default: "quote.fare" }`, `
- ask: { city: "Which city?" }
- ask: { amount: "How much?" }
- confirm: { go: "Pay {with_fee}?" }
- do: pay
  with: { amount: with_fee }`, `with_fee: "quote.fare + quote.fee"\nfare: "quote.fare"`, TOOLS);

describe("the procedure of a skill with values and defaults", () => {
  it("lists each value with what it is, and what a value is", () => {
    const md = renderMarkdown(buildProcedure(skill));
    expect(md).toContain("## Values\n\n- `with_fee` is `quote.fare + quote.fee`.\n- `fare` is the fare of the trip.\n- Each value is worked out");
    expect(renderHtml(buildProcedure(skill))).toContain("<h2>Values</h2>");
  });

  it("says in a defaulted field's row what it starts from", () => {
    const md = renderMarkdown(buildProcedure(skill));
    expect(md).toMatch(/\| `amount` \|.*; starts from the fare of the trip \(`quote.fare`\) \(taken without asking when it fits/);
  });

  it("has no Values section for a skill without values", () => {
    const plain = valuesSkill(`city: { text: true }`, `- ask: { city: "Which city?" }`, "", TOOLS);
    expect(renderMarkdown(buildProcedure(plain))).not.toContain("## Values");
  });
});
