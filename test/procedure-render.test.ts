/**
 * `renderProcedure` on hand-built skills: the sections a signer reads, grouping of many conditions,
 * the checker's witness for an ungated write, where inputs come from, and escaping in both formats.
 */
import { describe, expect, test } from "vitest";
import { renderProcedure } from "@skillflow/core";
import { buildIR, type StepSpec } from "./helpers/build-ir.js";
import { tripIR } from "./helpers/trip-ir.js";

const obj = (fields: Record<string, unknown>, descriptions?: Record<string, string>) =>
  ({ t: "object", fields, ...(descriptions ? { descriptions } : {}) }) as never;

function section(md: string, title: string): string {
  const start = md.indexOf(`\n## ${title}\n`);
  expect(start, `section ${title}`).toBeGreaterThan(-1);
  const end = md.indexOf("\n## ", start + 1);
  return md.slice(start, end === -1 ? undefined : end);
}

describe("the procedure of a trip-like skill", () => {
  const md = renderProcedure(tripIR(), "md");

  test("title, name, purpose with the prose's headings moved under it", () => {
    expect(md.startsWith("# Procedure: Conference trip\n\n`conference-trip`: Book travel to a conference")).toBe(true);
    expect(section(md, "Purpose")).toContain("Free prose for people.\n\n### Policy\n\nFlights land by 8 pm.");
  });
  test("who provides what: secrets, picks and confirmations are the person's only", () => {
    const table = section(md, "Who provides what");
    expect(table).toContain("| `approval_code` | 6.1 | \"The trip is over budget. Enter your manager's approval code.\" | text matching `^[A-Z]{2}-[0-9]{6}$` | the person only (a secret");
    expect(table).toContain("| `flight_id` | 4 | \"Which flight? You fly the day before the conference.\" | a row of the flights list (`search_flights.flights`) | the person only (a pick");
    expect(table).toContain("| `nights` | 3 | \"How many nights do you need?\" | a whole number from 1 to 14 | the person or the assistant (model) |");
    expect(table).toContain("| `pay` | 7 | \"Pay {quote_trip.total} EUR for this trip?\" | yes or no | the person only (a yes press) |");
  });
  test("steps in plain words, conditions from the output descriptions", () => {
    const steps = section(md, "Steps");
    expect(steps).toContain("- **5** Look up `quote_trip`: Price the trip against the travel budget.");
    expect(steps).toContain("- **6** Only when the trip total is above the travel budget:\n  - **6.1** Ask:");
    expect(steps).toContain("  - Refuse if it is not true that the flight lands by 8 pm the night before: \"That flight lands after 8 pm");
    expect(steps).toContain("- **7** Show the checkout (`trip_checkout`) and ask: \"Pay {quote_trip.total} EUR for this trip?\" (`pay`)");
    expect(steps).toContain("  - Covers: `hold_flight` (step 8), `hold_hotel` (step 9), `reserve_cab` (step 10) and `take_payment` (step 11)");
    expect(steps).toContain("- **8** Run `hold_flight` (changes something): Hold the chosen flight.");
  });
  test("two ways, named by the condition and its negation", () => {
    const ways = section(md, "Ways through the flow");
    expect(ways).toContain("### Way 1\n\n- When the trip total is above the travel budget\n- Steps: 1, 2, 3, 4, 5, 6, 6.1, 7, 8, 9, 10, 11, 12\n");
    expect(ways).toContain("### Way 2\n\n- When the trip total is at most the travel budget\n- Steps: 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12\n");
  });
  test("before a write: its confirmation, checks and the source of each input", () => {
    const pay = section(md, "Before each change").split("### Step 11: `take_payment`")[1]!;
    expect(pay).toContain("- Confirmation: yes to `pay` (step 7) from the person: \"Pay {quote_trip.total} EUR for this trip?\"");
    expect(pay).toContain("- Check passed: step 6.1 (`approval_code`): `verify_code.valid`, only when the trip total is above the travel budget");
    expect(pay).toContain("- Input `total` (amount in EUR): `quote_trip.total` (the trip total), from the lookup `quote_trip` at step 5");
    const hotel = section(md, "Before each change").split("### Step 9: `hold_hotel`")[1]!;
    expect(hotel).toContain("- Input `conference`: the answer to step 1\n- Input `nights`: the answer to step 3\n");
  });
  test("byte-identical on every run, no timestamps", () => {
    expect(renderProcedure(tripIR(), "md")).toBe(md);
    expect(renderProcedure(tripIR(), "html")).toBe(renderProcedure(tripIR(), "html"));
    expect(md).not.toMatch(/\d{4}-\d{2}-\d{2}|\d{2}:\d{2}:\d{2}/);
  });
});

describe("flows with more conditions", () => {
  const tools = {
    q: { kind: "lookup" as const, output: obj({ a: { t: "bool" }, b: { t: "bool" }, c: { t: "bool" }, d: { t: "bool" } },
      { a: "whether a holds", b: "whether b holds", c: "whether c holds", d: "whether d holds" }) },
    w: { kind: "write" as const },
  };
  test("more than three independent conditions are grouped: each one's effect once", () => {
    const steps: StepSpec[] = ["a", "b", "c", "d"].map((x) => ({ when: `q.${x}`, steps: [{ say: `${x}!` }] }));
    const md = renderProcedure(buildIR({ tools, steps: [...steps, { confirm: "go", q: "Go?" }, { do: "w" }] }), "md");
    const ways = section(md, "Ways through the flow");
    expect(ways).toContain("There are 16 ways through this flow, too many to list one by one.");
    expect(ways).toContain("### Always\n\n- Steps: 5, 6\n");
    expect(ways).toContain("### When step 3 holds\n\n- When c holds\n- Adds steps: 3, 3.1\n- Changes: none\n");
    expect(ways).not.toContain("### Way ");
  });
  test("three conditions are still listed way by way", () => {
    const steps: StepSpec[] = ["a", "b", "c"].map((x) => ({ when: `q.${x}`, steps: [{ say: `${x}!` }] }));
    const ways = section(renderProcedure(buildIR({ tools, steps }), "md"), "Ways through the flow");
    expect(ways.match(/^### Way \d+$/gm)).toHaveLength(8);
    expect(ways).toContain("### Way 8\n\n- When it is not true that a holds\n- When it is not true that b holds\n- When it is not true that c holds\n- Steps: none\n");
  });
  test("an ungated write names the checker's witness way", () => {
    const skill = buildIR({ tools, steps: [{ when: "q.a", steps: [{ confirm: "go", q: "Go?" }] }, { do: "w" }] });
    const md = renderProcedure(skill, "md");
    expect(md).toContain("- No confirmation: when it is not true that a holds, it runs with no confirmation above it; the checker rejects this skill");
    expect(md).toContain("- Confirmation: yes to `go` (step 1.1) from the person: \"Go?\", only when a holds");
  });
  test("an approval inside a repeat, and inputs from the loop variable", () => {
    const skill = buildIR({
      tools: {
        order: { kind: "lookup", output: obj({ items: { t: "list", of: obj({ id: { t: "string" } }) } }, { items: "the order lines" }) },
        refund: { kind: "write", params: [{ name: "item", description: "the line to refund" }] },
      },
      steps: [{ repeat: { for: "item", in: "order.items" }, steps: [{ confirm: "ok", q: "Refund {item.id}?", by: "supervisor" }, { do: "refund" }] }],
    });
    const md = renderProcedure(skill, "md");
    expect(md).toContain("- **1** For each `item` in the order lines:\n  - **1.1** Ask the `supervisor` role to approve: \"Refund {item.id}?\" (`ok`)");
    expect(md).toContain("- Approval: the `supervisor` role approves `ok` (step 1.1)");
    expect(md).toContain("- Input `item` (the line to refund): the row being handled at step 1 (each of the order lines)");
    expect(md).toContain("| `ok` | 1.1 (each row) | \"Refund {item.id}?\" | approved or rejected | the `supervisor` role only");
  });
});

describe("escaping", () => {
  const hostile = buildIR({
    title: "A <b>bold</b> & \"quoted\" title",
    prose: "Intro with <script>alert(1)</script> and [a link](javascript:alert(1)) and [ok](https://example.com).",
    fields: { x: { kind: "choices", choices: ["a|b", "c"] } },
    tools: { w: { kind: "write", description: "Do <it> *now*" } },
    steps: [{ ask: "x", q: "Pick *one* of <a|b> or `c` & go_on" }, { confirm: "ok", q: "Really </li>?" }, { do: "w" }],
  });
  test("HTML is one self-contained page with everything escaped", () => {
    const html = renderProcedure(hostile, "html");
    expect(html.startsWith("<!DOCTYPE html>\n<html lang=\"en\">")).toBe(true);
    expect(html.endsWith("</html>\n")).toBe(true);
    expect(html).not.toMatch(/<script|<link|\ssrc=|javascript:alert\(1\)"/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("<title>Procedure: A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; title</title>");
    expect(html).toContain("&quot;Pick *one* of &lt;a|b&gt; or `c` &amp; go_on&quot;");
    expect(html).toContain("Really &lt;/li&gt;?");
    expect(html).toContain('<a href="https://example.com">ok</a>');
  });
  test("Markdown shows the skill's text literally, tables keep their cells", () => {
    const md = renderProcedure(hostile, "md");
    expect(md).toContain("# Procedure: A \\<b>bold\\</b> & \"quoted\" title");
    expect(md).toContain('| `x` | 1 | "Pick \\*one\\* of \\<a\\|b> or \\`c\\` & go_on" | one of a\\|b, c |');
    expect(md).toContain("- **3** Run `w` (changes something): Do \\<it> \\*now\\*");
  });
});
