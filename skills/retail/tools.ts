/**
 * The retail store's tools (τ²-bench retail): 8 lookups, 7 writes and the hand-off to a human agent,
 * over one store — the benchmark's 16 tools, with the benchmark's names and behaviour, plus the
 * policy's guards on the writes (see store/policy-guards.ts). `retailTools(store)` binds them to a
 * store: a runner or a test gives each conversation its own (`createRetailStore()`, a fresh db.json)
 * and passes the tools to `createFlow` (`tools:`), then reads `store.db` back. The default export, which `flow` loads with the skill, works on
 * one fresh copy per process, opened at the first call.
 */
import type { ToolDefinition } from "@skillflow/core";
import { lookupTools } from "./lookup-tools.js";
import { createRetailStore, type RetailStore } from "./store/retail-store.js";
import { writeTools } from "./write-tools.js";

export { createRetailStore } from "./store/retail-store.js";
export type { RetailStore } from "./store/retail-store.js";

/** The 16 tools over `store` (or over the store a function gives at each call). */
export function retailTools(store: RetailStore | (() => RetailStore)): ToolDefinition[] {
  const current = typeof store === "function" ? store : () => store;
  return [...lookupTools(current), ...writeTools(current)];
}

// One store per process, kept on globalThis: each skill of skills/retail/ imports this file afresh (the
// loader caches no modules), and the skills hosted together in one process must see one database.
const PROCESS_STORE = Symbol.for("skillflow.retail.processStore");
const holder = globalThis as { [PROCESS_STORE]?: RetailStore };

export default retailTools(() => (holder[PROCESS_STORE] ??= createRetailStore()));
