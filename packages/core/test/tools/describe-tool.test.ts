import { describe, expect, it } from "vitest";
import { z } from "zod";
import { action, lookup } from "../../src/tools/define.js";
import { describeTool, isLangChainTool } from "../../src/tools/describe-tool.js";
import { runnableTool } from "../../src/tools/runnable-tool.js";

const context = { idempotencyKey: "k1", now: "2025-01-01T00:00:00Z", signal: new AbortController().signal };

describe("describeTool", () => {
  const search = lookup(
    {
      name: "search_flights",
      description: "Flights to the city.",
      input: z.object({
        conference: z.string().describe("The conference id"),
        nights: z.number().int(),
        budget: z.number(),
        cabin: z.enum(["economy", "premium"]).optional(),
      }),
      output: z.object({
        flights: z.array(z.object({ id: z.string(), lands: z.string(), stops: z.int() })),
        cheapest: z.number().nullable(),
        note: z.string().optional().describe("Anything odd"),
      }),
    },
    async () => ({ flights: [], cheapest: null }),
  );

  it("reads params with types, optionality and descriptions (ints are int, other numbers double, an enum of texts keeps its values)", () => {
    const info = describeTool(search);
    expect(info).toMatchObject({ name: "search_flights", kind: "lookup", description: "Flights to the city." });
    expect(info.params).toEqual([
      { name: "conference", type: { t: "string" }, optional: false, description: "The conference id" },
      { name: "nights", type: { t: "int" }, optional: false },
      { name: "budget", type: { t: "double" }, optional: false },
      { name: "cabin", type: { t: "string", values: ["economy", "premium"] }, optional: true },
    ]);
  });

  it("reads the output type, lists of objects included", () => {
    expect(describeTool(search).output).toEqual({
      t: "object",
      fields: {
        flights: { t: "list", of: { t: "object", fields: { id: { t: "string" }, lands: { t: "string" }, stops: { t: "int" } } } },
        cheapest: { t: "double" },
        note: { t: "string" },
      },
      optional: ["note"],
      descriptions: { note: "Anything odd" },
    });
  });

  it("marks an action as a write", () => {
    const pay = action({ name: "pay", input: z.object({ total: z.number() }), output: z.object({ ref: z.string() }) }, async () => ({ ref: "r" }));
    expect(describeTool(pay).kind).toBe("write");
  });

  it("treats a LangChain tool as a write unless metadata.readOnly is true, with a dyn output", () => {
    const base = { name: "send", description: "Send it.", schema: z.object({ to: z.string() }), invoke: async () => "{}" };
    expect(isLangChainTool(base)).toBe(true);
    expect(describeTool(base)).toEqual({ name: "send", kind: "write", description: "Send it.", params: [{ name: "to", type: { t: "string" }, optional: false }], output: { t: "dyn" } });
    expect(describeTool({ ...base, metadata: { readOnly: true } }).kind).toBe("lookup");
  });

  it("reads a LangChain tool whose schema is JSON Schema", () => {
    const schema = { type: "object", properties: { n: { type: "integer", description: "How many" }, tag: { type: ["string", "null"] } }, required: ["n"] };
    const info = describeTool({ name: "count", schema, invoke: async () => 1 });
    expect(info.params).toEqual([
      { name: "n", type: { t: "int" }, optional: false, description: "How many" },
      { name: "tag", type: { t: "string" }, optional: true },
    ]);
  });
});

describe("runnableTool", () => {
  it("runs a defined tool with its context", async () => {
    const pay = action({ name: "pay", input: z.object({ total: z.number() }), output: z.object({ ref: z.string() }) }, async ({ total }, ctx) => ({ ref: `${ctx.idempotencyKey}:${total}` }));
    expect(await runnableTool(pay).run({ total: 5 }, context)).toEqual({ ref: "k1:5" });
  });

  it("invokes a LangChain tool with the abort signal and parses a JSON reply", async () => {
    const seen: unknown[] = [];
    const tool = { name: "t", schema: z.object({}), invoke: async (input: unknown, config: unknown) => (seen.push(input, config), '{"ok":true}') };
    const runnable = runnableTool(tool);
    expect(runnable.kind).toBe("write");
    expect(await runnable.run({ a: 1 }, context)).toEqual({ ok: true });
    expect(seen).toEqual([{ a: 1 }, { signal: context.signal }]);
  });
});
