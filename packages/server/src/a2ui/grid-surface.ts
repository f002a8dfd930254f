/**
 * A grid (`skillflow.grid`: a `from:` list) as an A2UI surface. One row to pick: a Card holding the
 * question, a header Row and a Row per list row — its shown cells in words, then a Choose button whose
 * action is `skillflow.pick { interruptId, field, value: row id }`. Several rows (`many: true`): a
 * ChoicePicker with a checkbox per row (the option's value is the row id, its label the cells) bound to
 * `/picked`, and one Send button whose action carries `value: { path: "/picked" }` — the ids ticked,
 * as one list. Cells weigh the same, so the columns line up. Component ids are positions (`row.0`, `row.0.pick`), never data, so the same grid drawn
 * again has the same ids. Pure.
 */
import { formatCell } from "@skillflow/core";
import { A2UI_ACTION, button, card, column, interrupt, row, surface, text, type A2uiComponent, type A2uiMessage } from "./a2ui-components.js";

export interface GridContent {
  field: string;
  question?: string;
  columns: string[];
  headers: string[];
  rows: Array<Record<string, unknown>>;
  many?: boolean;
  interruptId?: string;
}

export function gridSurface(surfaceId: string, grid: GridContent): A2uiMessage[] {
  const cells = grid.rows.map((r) => grid.columns.map((key) => formatCell(r[key])));
  const body = grid.many ? manyRows(grid, cells) : oneRow(grid, cells);
  const top = grid.question ? [text("question", grid.question, "h4")] : [];
  const parts = [...top, ...body.components];
  const root = [card("root", "body"), column("body", [...top.map((c) => c.id), ...body.children])];
  return surface(surfaceId, [...root, ...parts], grid.many ? { picked: [] } : {});
}

interface Body {
  children: string[];
  components: A2uiComponent[];
}

function oneRow(grid: GridContent, cells: string[][]): Body {
  // Every cell has the same weight (flex 1), so the columns line up from row to row.
  const header = [...grid.headers.map((h, j) => text(`header.${j}`, h, "caption")), text("header.pick", "")].map(weighed);
  const components: A2uiComponent[] = [row("header", header.map((c) => c.id)), ...header];
  grid.rows.forEach((r, i) => {
    const shown = cells[i]!.map((words, j) => weighed(text(`row.${i}.cell.${j}`, words)));
    const context = { ...interrupt(grid), field: grid.field, value: String(r.id) };
    const [pick, label] = button(`row.${i}.pick`, "Choose", A2UI_ACTION.pick, context, { describedAs: `Choose ${cells[i]![0] ?? String(r.id)}` });
    components.push(row(`row.${i}`, [...shown.map((c) => c.id), pick!.id]), ...shown, weighed(pick!), label!);
  });
  return { children: ["header", ...grid.rows.map((_, i) => `row.${i}`)], components };
}

function manyRows(grid: GridContent, cells: string[][]): Body {
  const picker: A2uiComponent = {
    id: "rows", component: "ChoicePicker", label: grid.headers.join(" · "), variant: "multipleSelection",
    options: grid.rows.map((r, i) => ({ label: cells[i]!.join(" · "), value: String(r.id) })),
    value: { path: "/picked" },
  };
  const send = button("send", "Send the rows ticked", A2UI_ACTION.pick, { ...interrupt(grid), field: grid.field, value: { path: "/picked" } }, { primary: true });
  return { children: ["rows", "send"], components: [picker, ...send] };
}

function weighed(component: A2uiComponent): A2uiComponent {
  return { ...component, weight: 1 };
}
