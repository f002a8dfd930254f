/**
 * The ReAct arm's tools: the store's 16 plain functions (skills/retail/store, by the benchmark's names
 * and arguments) over one task's database, each a LangChain tool with the benchmark's own description
 * and argument words (tool-docs.json, read from its tools.py). A refusal goes back to the agent as
 * `Error: …`, as the benchmark's environment answers; a result as JSON text.
 */
import { readFileSync } from "node:fs";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { RetailDb } from "../../skills/retail/store/model.js";
import { isRetailError } from "../../skills/retail/store/retail-error.js";
import { STORE_TOOLS } from "../../skills/retail/store/replay.js";

interface ToolDoc {
  description: string;
  params: Record<string, string>;
}

const DOCS = (JSON.parse(readFileSync(new URL("./tool-docs.json", import.meta.url), "utf8")) as { tools: Record<string, ToolDoc> }).tools;
const LISTS = new Set(["item_ids", "new_item_ids"]);

/** The tool's zod input: every argument a string, the item lists lists of strings. */
function schemaOf(doc: ToolDoc) {
  return z.object(Object.fromEntries(Object.entries(doc.params).map(([name, words]) =>
    [name, (LISTS.has(name) ? z.array(z.string()) : z.string()).describe(words)])));
}

/** The 16 tools over `db`; `calls` records each call's name and arguments, in order. */
export function reactTools(db: RetailDb, calls: Array<{ name: string; arguments: Record<string, unknown> }> = []): StructuredToolInterface[] {
  return Object.entries(STORE_TOOLS).map(([name, run]) => {
    const doc = DOCS[name];
    if (!doc) throw new Error(`bench/tau/tool-docs.json has no words for the store's tool ${name}`);
    return tool(async (args: Record<string, unknown>) => {
      calls.push({ name, arguments: args });
      try {
        const result = run(db, args);
        return typeof result === "string" ? result : JSON.stringify(result);
      } catch (error) {
        if (isRetailError(error)) return `Error: ${error.message}`;
        throw error;
      }
    }, { name, description: doc.description, schema: schemaOf(doc) }) as unknown as StructuredToolInterface;
  });
}
