/**
 * The columns a client shows for a pick's grid: the ask's `columns:` (property and header, in the order
 * written), or else every property of the rows in first-seen order, each headed by its name in words
 * (`nightly_rate` → "Nightly rate"). The chat page, `flow chat` and the MCP host read the same. Pure.
 */
import type { Skill } from "../format/ir.js";
import { headerFor } from "../format/parse-columns.js";
import { indexOf } from "./compile-skill.js";

export interface ShownColumn {
  /** The row property. */
  key: string;
  /** Its header. */
  label: string;
}

/** The columns of the grid for the pick `field`, whose rows are `rows`. Pure. */
export function gridColumns(skill: Skill, field: string | undefined, rows: ReadonlyArray<Record<string, unknown>>): ShownColumn[] {
  const ask = field === undefined ? undefined : indexOf(skill).asks.get(field)?.find((a) => a.from && a.columns);
  if (ask?.columns) return ask.columns.map(({ key, label }) => ({ key, label }));
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys].map((key) => ({ key, label: headerFor(key) }));
}
