/**
 * `flow lsp --stdio` over its protocol, on the example skills: completion (step keys, extra keys,
 * shapes and flags, range options, field names, tool names, tool output properties in conditions and
 * template holes), hover (tools, fields, keys), go to definition (to the tool's source, to a field's
 * declaration), and quick fixes that, applied, leave `flow check` with nothing to say about them.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "@skillflow/cli";
import type { CodeAction, CompletionItem, Diagnostic, Hover, Location, TextEdit } from "vscode-languageserver/node";
import { memoryIo } from "../../packages/cli/test/memory-io.js";
import { root, startClient, uriOf, type LspClient } from "./lsp-client.js";

const trip = join(root, "skills/conference-trip/SKILL.md");
const tripText = readFileSync(trip, "utf8");

/** The 0-based position of `needle` in `text` (its end with `end`), `shift` characters further. */
function positionOf(text: string, needle: string, { end = false, shift = 0 } = {}) {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`not in the text: ${needle}`);
  const offset = index + (end ? needle.length : 0) + shift;
  const before = text.slice(0, offset).split("\n");
  return { line: before.length - 1, character: before[before.length - 1].length };
}

let client: LspClient;
beforeAll(async () => {
  client = await startClient();
  expect(await client.open(trip)).toEqual([]);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
});

/** Completion at the end of `needle` once `edited` is the buffer. */
async function complete(edited: string, needle: string): Promise<CompletionItem[]> {
  await client.change(trip, edited);
  return client.connection.sendRequest("textDocument/completion", { textDocument: { uri: uriOf(trip) }, position: positionOf(edited, needle, { end: true }) });
}

const labels = (items: CompletionItem[]) => items.map((i) => i.label).sort();

describe("completion", () => {
  it("offers the step kinds on a new step, with the format's words and `key: ` to insert", async () => {
    const items = await complete(tripText.replace("- do: quote_trip\n", "- do: quote_trip\n- co\n"), "- co");
    expect(labels(items)).toEqual(expect.arrayContaining(["ask", "chat", "confirm", "do", "repeat", "say", "when"]));
    const confirm = items.find((i) => i.label === "confirm")!;
    expect(confirm.textEdit).toMatchObject({ newText: "confirm: " });
    expect((confirm.documentation as { value: string }).value).toMatch(/^Stop until the person says yes/);
    expect(items.findIndex((i) => i.label === "say")).toBeLessThan(items.findIndex((i) => i.label === "widget"));
  });

  it("offers only the keys an `ask` takes besides those it has", async () => {
    const items = await complete(tripText.replace('- ask: { nights: "How many nights will you stay?" }\n', '- ask: { nights: "How many nights will you stay?" }\n  wi\n'), "\n  wi");
    expect(labels(items)).toEqual(["check", "columns", "from", "many", "widget"]);
  });

  it("offers the rows' properties in a pick's `columns:`, and after the pick's name in a hole (its picked row)", async () => {
    const hotelColumns = '  columns: { name: Hotel, stars: Stars, nightly_rate: "Per night (EUR)" }\n';
    expect(tripText).toContain(hotelColumns);
    const rows = ["id", "name", "nightly_rate", "stars"];
    expect(labels(await complete(tripText.replace(hotelColumns, "  columns: { na }\n"), "columns: { na"))).toEqual(rows);
    expect(labels(await complete(tripText.replace(hotelColumns, "  columns: [na]\n"), "columns: [na"))).toEqual(rows);
    const hole = tripText.replace("take you to {hotel_id.name}", "take you to {hotel_id.na}");
    expect(labels(await complete(hole, "{hotel_id.na"))).toEqual(rows);
  });

  it("offers shapes and flags in a field, only the flags that fit once it has a shape, and a range's options", async () => {
    const fields = (extra: string) => tripText.replace("approval_code:\n", `${extra}approval_code:\n`);
    expect(labels(await complete(fields("rooms:\n  nu\n"), "rooms:\n  nu"))).toEqual(
      ["choices", "cue", "date", "decimal", "default", "description", "keep", "lookup", "message", "number", "pattern", "secret", "synonyms", "text", "typed", "yes_no"]);
    expect(labels(await complete(tripText.replace("  description: the conference the traveller is going to\n", "  description: the conference the traveller is going to\n  se\n"), "going to\n  se")))
      .toEqual(["cue", "default", "keep", "secret", "typed"]);
    expect(labels(await complete(fields("rate: { decimal: { pl } }\n"), "{ decimal: { pl"))).toEqual(["max", "min", "places"]);
    expect(labels(await complete(fields("vip: { yes_no: \n"), "{ yes_no: "))).toEqual(["true"]);
  });

  it("offers the declared fields after `ask: {`", async () => {
    expect(labels(await complete(tripText.replace("- do: quote_trip\n", "- do: quote_trip\n- ask: { \n"), "- ask: { "))).toEqual(["approval_code", "conference", "nights"]);
  });

  it("offers every tool after `do:`, and only lookups after `lookup:`", async () => {
    const all = labels(await complete(tripText.replace("- do: quote_trip\n", "- do: quote_trip\n- do: \n"), "quote_trip\n- do: "));
    expect(all).toHaveLength(12);
    expect(all).toEqual(expect.arrayContaining(["hold_flight", "quote_trip", "take_payment"]));
    const lookups = await complete(tripText.replace("lookup: find_conference", "lookup: f"), "lookup: f");
    expect(labels(lookups)).toEqual(["check_arrival", "find_conference", "quote_cab", "quote_hotel", "quote_trip", "search_flights", "search_hotels", "verify_code"]);
    expect(lookups.find((i) => i.label === "find_conference")?.textEdit).toMatchObject({ newText: "find_conference", range: { start: { character: 10 }, end: { character: 11 } } });
  });

  it("offers a tool's output properties in a condition, with their types and descriptions", async () => {
    const items = await complete(tripText.replace("- when: quote_trip.total > quote_trip.budget", "- when: quote_trip.b"), "- when: quote_trip.b");
    expect(labels(items)).toEqual(["budget", "cab_cost", "flight_cost", "hotel_cost", "total"]);
    expect(items.find((i) => i.label === "budget")).toMatchObject({ detail: "int", documentation: { value: "the travel budget in EUR" } });
  });

  it("offers names and output properties inside a template hole, and nothing outside holes", async () => {
    const say = '- say: "Booked. Your reference is {take_payment.reference}."';
    // An unclosed quote breaks the Steps block: names come from the last text that parsed.
    const roots = await complete(tripText.replace(say, '- say: "Booked for {n'), "Booked for {n");
    expect(labels(roots), labels(roots).join()).toEqual(expect.arrayContaining(["nights", "flight_id", "hotel_id", "conference", "quote_trip", "take_payment"]));
    expect(roots.find((i) => i.label === "nights")?.detail).toBe("field: int");
    expect(labels(await complete(tripText.replace(say, '- say: "You land at {search_flights.flights'), "{search_flights."))).toEqual(["flights"]);
    expect(await complete(tripText.replace(say, '- say: "Booked at no'), "Booked at no")).toEqual([]);
  });
});

async function hover(needle: string, shift = 1): Promise<string> {
  await client.change(trip, tripText);
  const result: Hover | null = await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: uriOf(trip) }, position: positionOf(tripText, needle, { shift }) });
  return (result?.contents as { value: string } | undefined)?.value ?? "";
}

describe("hover", () => {
  it("on a tool: kind, description, inputs and output", async () => {
    const text = await hover("- do: quote_trip", 8);
    expect(text).toContain("**`quote_trip`** · lookup");
    expect(text).toContain("Price the whole trip");
    expect(text).toContain("Input: `conference: string`");
    expect(text).toContain("Output: `{ total: int, budget: int, flight_cost: int, hotel_cost: int, cab_cost: int }`");
    expect(await hover("- do: hold_flight", 8)).toContain("**`hold_flight`** · write (runs only after a confirm, once)");
  });

  it("on a field: shape, question and who may set it (the runtime's rule)", async () => {
    const nights = await hover("{nights} nights at", 2);
    expect(nights).toContain("Shape: a whole number from 1 to 14");
    expect(nights).toContain('Asked: "How many nights will you stay?"');
    expect(nights).toContain("Set by: the person or the assistant (model)");
    expect(await hover("approval_code:\n", 1)).toContain("Set by: the person only (a secret: never sent to or taken from the model)");
    expect(await hover("{flight_id}", 2)).toContain("Set by: the person only (a pick from the list)");
  });

  it("on a tool's output property and on a key of the format", async () => {
    expect(await hover("quote_trip.total, 'EUR')} for", 13)).toBe("`quote_trip.total`: `int`");
    expect(await hover("  widget: flight_grid", 3)).toMatch(/^Render this step with the named widget/);
  });
});

async function definition(needle: string, shift: number): Promise<Location> {
  await client.change(trip, tripText);
  return client.connection.sendRequest("textDocument/definition", { textDocument: { uri: uriOf(trip) }, position: positionOf(tripText, needle, { shift }) });
}

describe("go to definition", () => {
  it("from `do:` and from a condition to the tool's definition in the module tools.ts imports", async () => {
    const writes = join(root, "skills/conference-trip/writes.ts");
    expect(await definition("- do: hold_flight", 8)).toEqual({ uri: uriOf(writes), range: { start: { line: 14, character: 2 }, end: { line: 14, character: 2 } } });
    const lookups = join(root, "skills/conference-trip/lookups.ts");
    expect(await definition("- when: quote_trip.total", 10)).toMatchObject({ uri: uriOf(lookups), range: { start: { line: 117, character: 2 } } });
  });

  it("from a field's use to its declaration under Fields", async () => {
    const declared = positionOf(tripText, "nights:\n  number");
    expect(await definition("{nights} nights at", 2)).toMatchObject({ uri: uriOf(trip), range: { start: declared } });
    expect(await definition("- ask: { nights:", 10)).toMatchObject({ uri: uriOf(trip), range: { start: declared } });
  });
});

describe("quick fixes", () => {
  let scratch: string;
  beforeAll(() => {
    mkdirSync(join(root, "node_modules/.cache"), { recursive: true });
    scratch = mkdtempSync(join(root, "node_modules/.cache/flow-lsp-fix-"));
    cpSync(join(root, "test/fixtures/check-tools"), join(scratch, "check-tools"), { recursive: true }); // the fixtures' tools.ts import ../../check-tools
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Apply `edits` (of one document) to `text`, last first. */
  function applyEdits(text: string, edits: TextEdit[]): string {
    const offset = (p: { line: number; character: number }) => text.split("\n").slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    return [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))
      .reduce((out, e) => out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end)), text);
  }

  /** Apply, one at a time, the first fix titled like `title` for a diagnostic of `rule`, until none is left. */
  async function fixAll(file: string, rule: string, title: RegExp): Promise<string[]> {
    let text = readFileSync(file, "utf8");
    let diagnostics: Diagnostic[] = await client.open(file, text);
    const titles: string[] = [];
    for (let round = 0; round < 10; round++) {
      const target = diagnostics.find((d) => d.code === rule);
      if (!target) break;
      const actions: CodeAction[] = await client.connection.sendRequest("textDocument/codeAction", {
        textDocument: { uri: uriOf(file) }, range: target.range, context: { diagnostics: [target] },
      });
      const action = actions.find((a) => title.test(a.title));
      if (!action) throw new Error(`no fix for ${target.message}`);
      titles.push(action.title);
      text = applyEdits(text, action.edit!.changes![uriOf(file)]);
      diagnostics = await client.change(file, text);
    }
    writeFileSync(file, text);
    await client.close(file);
    return titles;
  }

  async function flowCheck(dir: string): Promise<string> {
    const { io, stdout } = memoryIo(root);
    await cli(["check", dir], io);
    return stdout();
  }

  it.each([
    ["unknown-step-key", ["Change `comfirm` to `confirm`", "Change `wigdet` to `widget`"]],
    ["unknown-field-key", ["Change `choises` to `choices`"]],
    ["unknown-shape-key", ["Change `mni` to `min`"]],
    ["unknown-tool", ["Change `find_conferense` to `find_conference`", "Change `serch_flights` to `search_flights`"]],
    ["unknown-field", ["Change `nigths` to `nights`"]],
    ["unknown-reference", ["Change `cty` to `city`", "Change `night` to `nights`"]],
  ])("did you mean: %s is fixed in the file", async (rule, expected) => {
    const dir = join(scratch, "checks", rule);
    cpSync(join(root, "test/fixtures/checks", rule), dir, { recursive: true });
    expect(await fixAll(join(dir, "SKILL.md"), rule, /^Change /)).toEqual(expected);
    const after = await flowCheck(dir);
    expect(after).not.toContain(` ${rule}: `);
  });

  it("ungated-write: a confirm added above each write gates every one of them", async () => {
    const dir = join(scratch, "checks", "ungated-write");
    cpSync(join(root, "test/fixtures/checks/ungated-write"), dir, { recursive: true });
    const titles = await fixAll(join(dir, "SKILL.md"), "ungated-write", /^Add a confirm above line \d+$/);
    // The confirm above line 20 also covers the writes after it up to the next ask; the last write needs its own.
    expect(titles).toEqual(["Add a confirm above line 20", "Add a confirm above line 34"]);
    // (What is left are duplicate-write warnings: the fixture runs create_return more than once.)
    expect(await flowCheck(dir)).not.toContain(" error ");
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toContain('- ask: { amount: "How much should go back?" }\n- confirm: { confirm_issue_refund: "Go ahead with issue refund?" }\n- do: issue_refund\n');
  });

  it("ungated-write: a write nested in a `when` gets its confirm inside the `when`, at its indentation", async () => {
    const dir = join(scratch, "nested", "ungated-write"); // the fixture's name is its folder's
    cpSync(join(root, "test/fixtures/checks/ungated-write"), dir, { recursive: true });
    const text = readFileSync(join(dir, "SKILL.md"), "utf8");
    const steps = '- ask: { order_id: "Which order is it about?" }\n- when: refund_quote.amount > 100\n  steps:\n    - do: create_return\n';
    writeFileSync(join(dir, "SKILL.md"), text.replace(/## Steps\n\n```yaml\n[\s\S]*```/, `## Steps\n\n\`\`\`yaml\n${steps}\`\`\`\n`));
    expect(await fixAll(join(dir, "SKILL.md"), "ungated-write", /^Add a confirm/)).toEqual(["Add a confirm above line 21"]);
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toContain('  steps:\n    - confirm: { confirm_create_return: "Go ahead with create return?" }\n    - do: create_return\n');
    expect(await flowCheck(dir)).toMatch(/^1 skill checked: no problems\n$/);
  });
});
