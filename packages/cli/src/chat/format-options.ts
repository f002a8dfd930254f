/**
 * The numbered options of a pick, as `flow chat` shows them: the rows of a `from:` list (a grid) as an
 * aligned table — the columns and headers the chat page shows (the ask's `columns:`, or every property
 * headed by its name in words: `gridColumns`) and each cell in words (`describeValue`) — or the choices
 * of a `choices` widget, each with the number that picks it. Pure.
 */
import { describeValue, formatCell, gridColumns, type ShownColumn, type Skill, type WidgetView } from "@skillflow/core";

/** What the person can pick on this turn: the field, and the value each number (1-based) stands for. */
export interface PickOptions {
  field: string;
  values: unknown[];
  /** Several rows are picked together (`many: true`): a line of numbers ("1, 3", "1-3") picks them. */
  many?: true;
  /** Printed rows: a header line (tables only) then one line per option. */
  lines: string[];
}

const MAX_CELL = 32;

/** The options a widget offers, or undefined when it offers none to pick by number. Pure. */
export function pickOptions(widget: WidgetView, skill: Skill): PickOptions | undefined {
  if (!widget.field) return undefined;
  if (widget.kind === "grid" && widget.rows) {
    const rows = widget.rows.filter((row) => row.id !== undefined && row.id !== null);
    const lines = formatTable(rows, gridColumns(skill, widget.field, rows));
    return rows.length ? { field: widget.field, values: rows.map((row) => row.id), lines, ...(widget.many && { many: true as const }) } : undefined;
  }
  if (widget.kind === "choices" && widget.rows) {
    // A decide's buttons: each row an option (`id`: its key, `label`: its words).
    const width = String(widget.rows.length).length;
    const lines = widget.rows.map((row, i) => `${String(i + 1).padStart(width + 2)}  ${cell(row.label ?? row.id)}`);
    return widget.rows.length ? { field: widget.field, values: widget.rows.map((row) => row.id), lines } : undefined;
  }
  if (widget.kind === "choices") {
    const shape = skill.fields[widget.field]?.shape;
    const choices = shape?.kind === "choices" ? shape.choices : shape?.kind === "yes_no" ? [true, false] : [];
    const width = String(choices.length).length;
    const lines = choices.map((c, i) => `${String(i + 1).padStart(width + 2)}  ${cell(c)}`);
    return choices.length ? { field: widget.field, values: [...choices], lines } : undefined;
  }
  return undefined;
}

/** The line under the options: how to pick by number (several at once for `many: true`). Pure. */
export function pickHint(options: PickOptions): string {
  const count = options.values.length;
  if (options.many && count === 1) return "Type 1 to pick it.";
  if (options.many) return `Type the numbers of the rows to pick, from 1 to ${count}, like ${count >= 3 ? "1, 3 or 1-3" : "1 or 1, 2"}.`;
  return `Type a number from 1 to ${count} to pick.`;
}

/** Rows as a table: a header of the columns' labels, then `  n  cell  cell …`, numbers right-aligned. Pure. */
export function formatTable(rows: ReadonlyArray<Record<string, unknown>>, columns: ReadonlyArray<ShownColumn>): string[] {
  const cells = rows.map((row) => columns.map((c) => cell(row[c.key])));
  const numeric = columns.map((c) => rows.every((row) => row[c.key] === undefined || typeof row[c.key] === "number"));
  const widths = columns.map((c, i) => Math.max(c.label.length, ...cells.map((r) => r[i]!.length)));
  const numberWidth = String(rows.length).length + 2;
  const line = (values: string[]) =>
    values.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join("  ").trimEnd();
  const header = `${" ".repeat(numberWidth)}  ${line(columns.map((c) => c.label))}`;
  return [header, ...cells.map((r, n) => `${String(n + 1).padStart(numberWidth)}  ${line(r)}`)];
}

/** One value in a table cell, in words as the chat page shows it (an object as its name, then the rest); cut when long. */
export function cell(value: unknown): string {
  const text = formatCell(value);
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

/**
 * A value on one line, in words as the chat page shows it: text as is, numbers plainly, yes/no, an
 * object as its name with its other properties after it (`describeValue`). Pure.
 */
export function formatInput(value: unknown): string {
  return describeValue(value);
}
