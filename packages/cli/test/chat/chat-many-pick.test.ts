/**
 * `flow chat` and a pick of several rows (`many: true`, issue 23): the grid is numbered, and "1, 3",
 * "1 and 3" or "1-3" picks those rows together as one list. A number out of range, or a row named
 * twice, is one sentence and the grid again, and nothing is sent — the rows are never dropped or merged
 * into a list the person did not type. Words still go to the model (which cannot pick).
 */
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Pending } from "@skillflow/core";
import { cli } from "../../src/cli.js";
import { interpretLine } from "../../src/chat/interpret-line.js";
import type { PickOptions } from "../../src/chat/format-options.js";
import { memoryIo } from "../memory-io.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const RETURN_LINES = join(root, "test/fixtures/serve/return_lines");
const pending: Pending = { kind: "ask", field: "item_ids", answerKey: "item_ids", stepId: "2", secret: false, pick: true, many: true };
const lines = ["     Item  Price", "  1  Lamp     40", "  2  Chair   120", "  3  Mug       8"];
const items: PickOptions = { field: "item_ids", values: ["lamp", "chair", "mug"], lines, many: true };
const read = (line: string) => interpretLine(line, { pending, options: items });
const grid = [...lines, "Type the numbers of the rows to pick, from 1 to 3, like 1, 3 or 1-3."].join("\n");

describe("interpretLine at a pick of several rows", () => {
  it.each([
    ["1, 3", ["lamp", "mug"]], ["1 and 3", ["lamp", "mug"]], ["1 & 3", ["lamp", "mug"]], ["3,1", ["mug", "lamp"]],
    ["1-3", ["lamp", "chair", "mug"]], ["1 - 2", ["lamp", "chair"]], ["2", ["chair"]], ["MUG, 1", ["mug", "lamp"]],
  ])("%j picks those rows, as one list in the order typed", (line, values) => {
    expect(read(line)).toEqual({ kind: "send", event: { pick: { item_ids: values } } });
  });

  it("answers a number out of range with one sentence and the grid again; nothing is sent", () => {
    expect(read("1, 4")).toEqual({ kind: "note", text: `There is no row 4: type numbers from 1 to 3, like 1, 3 or 1-3.\n${grid}` });
    expect(read("0")).toEqual({ kind: "note", text: `There is no row 0: type numbers from 1 to 3, like 1, 3 or 1-3.\n${grid}` });
    expect(read("2-9")).toMatchObject({ kind: "note", text: expect.stringMatching(/^There is no row 4:/) });
  });

  it("answers a row named twice (also through a range) with one sentence and the grid again", () => {
    expect(read("1, 1")).toEqual({ kind: "note", text: `Row 1 is named twice: name each row once.\n${grid}` });
    expect(read("1-3 and 2")).toEqual({ kind: "note", text: `Row 2 is named twice: name each row once.\n${grid}` });
    expect(read("lamp 1")).toEqual({ kind: "note", text: `Row 1 is named twice: name each row once.\n${grid}` });
  });

  it("sends words to the model as text: it is not a list of rows", () => {
    expect(read("the lamp and the mug")).toEqual({ kind: "send", event: { text: "the lamp and the mug" } });
  });
});

describe("flow chat: several rows picked from one grid", () => {
  it("shows the numbered grid, refuses a repeated row, takes \"1 and 3\", and the card lists both", async () => {
    const mem = memoryIo(root);
    const stdin = Readable.from(["#W1\n1, 1\n1 and 3\ny\n"]);
    const code = await cli(["chat", RETURN_LINES], { ...mem.io, stdin });
    const out = mem.stdout();
    expect(mem.stderr()).toBe("");
    expect(code).toBe(0);
    expect(out).toContain([
      "Which items would you like to return? You can pick several.",
      "     Item          Price",
      "  1  Desk lamp        40",
      "  2  Office chair    120",
      "  3  Coffee mug        8",
      "Type the numbers of the rows to pick, from 1 to 3, like 1, 3 or 1-3.",
    ].join("\n"));
    expect(out).toContain("Row 1 is named twice: name each row once.\n     Item          Price\n  1  Desk lamp ");
    expect(out).toContain("Return Desk lamp, Coffee mug from order #W1?");
    // The write in its card words (they show every input, so nothing is listed under them).
    expect(out).toContain("Confirm — yes runs this:\n  1. Return items lamp, mug from order #W1\nType y");
    expect(out).toContain("Returned 2 items from order #W1.");
    // One free-text line (the order); the rows and the yes made no model call.
    expect(out).toContain("usage: 1 model call");
  });
});
