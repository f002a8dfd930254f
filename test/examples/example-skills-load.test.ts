/**
 * The example skills load with no diagnostic at all (no error, no warning), and each tool says in plain
 * words what its inputs and outputs are (the procedure export and prompts read these descriptions).
 */
import { describe, expect, test } from "vitest";
import { resolve } from "node:path";
import { loadSkill } from "@skillflow/core/loader";
import { isToolDefinition, type ToolDefinition } from "@skillflow/core";
import type { z } from "zod";

const EXAMPLES = ["conference-trip", "order-refund", "account-change"];
const folder = (name: string) => resolve(import.meta.dirname, "../../skills", name);

async function toolsOf(name: string): Promise<ToolDefinition[]> {
  const mod = (await import(`${folder(name)}/tools.ts`)) as { default: unknown[] };
  return mod.default.filter(isToolDefinition);
}

describe.each(EXAMPLES)("skills/%s", (name) => {
  test("loads with no diagnostics", async () => {
    const loaded = await loadSkill(folder(name));
    expect(loaded.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}: ${d.reason}`)).toEqual([]);
    expect(loaded.skill?.name).toBe(name);
  });

  test("every tool input and output field has a description", async () => {
    const missing: string[] = [];
    for (const tool of await toolsOf(name)) {
      const output = tool.output as z.ZodObject;
      for (const [key, schema] of Object.entries(tool.input.shape)) if (!schema.description) missing.push(`${tool.name} in ${key}`);
      for (const [key, schema] of Object.entries(output.shape)) if (!schema.description) missing.push(`${tool.name} out ${key}`);
    }
    expect(missing).toEqual([]);
  });
});

test("conference-trip has the twelve tools of the story: eight lookups and four writes", async () => {
  const tools = await toolsOf("conference-trip");
  const byKind = (kind: string) => tools.filter((t) => t.kind === kind).map((t) => t.name);
  expect(tools).toHaveLength(12);
  expect(byKind("write")).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
  expect(byKind("lookup")).toEqual(expect.arrayContaining([
    "find_conference", "search_flights", "check_arrival", "search_hotels", "quote_hotel", "quote_trip", "verify_code",
  ]));
});
