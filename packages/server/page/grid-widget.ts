/**
 * A pick's grid on the chat page: the rows under the headers the server sends (the skill's `columns:`),
 * the question being the reply's line above it (never a caption here too). One row: each row has a
 * Choose button, and a click anywhere on the row picks it. Several rows (`many: true`): each row has a
 * checkbox (a click on the row toggles it; Tab and Space work as for any checkbox), and one Send button,
 * disabled until a row is chosen, answers with the list of the chosen rows' ids in the grid's order.
 * The page never adds or drops an id: what is sent is exactly what is ticked, and the runtime checks it.
 */
import { cellWords, el, words } from "./dom.js";

/** Answer the grid's interrupt with `payload`; `echo` is what the person's bubble shows. */
export type Answer = (interruptId: string, payload: unknown, echo: string) => void;

type Row = Record<string, unknown>;

export function gridWidget(c: Record<string, any>, answer: Answer): HTMLElement {
  const columns: string[] = c.columns;
  const headers: string[] = c.headers ?? columns;
  const rows = c.rows as Row[];
  // The row as the person knows it: its first shown cell (the hotel's name, the flight's number).
  const nameOf = (row: Row) => words(row[columns[0] ?? "id"] ?? row.id);
  const cellsOf = (row: Row) => columns.map((col) => el("td", {}, cellWords(row[col] ?? "")));
  const head = el("tr", {}, el("th", { scope: "col" }, ""), ...headers.map((text) => el("th", { scope: "col" }, text)));
  const table = (body: HTMLElement[]) => el("table", { "aria-label": c.question ?? c.name }, el("thead", {}, head), el("tbody", {}, ...body));
  if (c.many) return manyRows(c, rows, nameOf, cellsOf, table, answer);
  const body = rows.map((row) => {
    const name = nameOf(row);
    const pick = el("button", { type: "button", class: "pick", "aria-label": `Choose ${name}` }, "Choose");
    pick.addEventListener("click", () => answer(c.interruptId, { [c.field]: row.id }, name));
    const tr = el("tr", { "data-row": String(row.id) }, el("td", {}, pick), ...cellsOf(row));
    tr.addEventListener("click", (e) => void (e.target !== pick && pick.click()));
    return tr;
  });
  return el("li", { class: "widget grid" }, table(body));
}

/** Several rows picked together: a checkbox per row and one Send for the chosen ones. */
function manyRows(
  c: Record<string, any>, rows: Row[], nameOf: (row: Row) => string, cellsOf: (row: Row) => HTMLElement[],
  table: (body: HTMLElement[]) => HTMLElement, answer: Answer,
): HTMLElement {
  const send = el("button", { type: "button", class: "yes send-chosen", "data-empty": "true" }, "Send");
  send.disabled = true;
  const boxes = rows.map((row) => el("input", { type: "checkbox", "aria-label": `Choose ${nameOf(row)}` }));
  const chosen = () => rows.filter((_, i) => boxes[i]!.checked);
  const update = () => {
    const n = chosen().length;
    send.textContent = n === 0 ? "Send" : n === 1 ? "Send this one" : `Send these ${n}`;
    send.dataset.empty = String(n === 0);
    send.disabled = n === 0 || boxes[0]!.disabled;
  };
  const body = rows.map((row, i) => {
    const box = boxes[i]!;
    const tr = el("tr", { "data-row": String(row.id) }, el("td", {}, box), ...cellsOf(row));
    box.addEventListener("change", () => void (tr.classList.toggle("chosen", box.checked), update()));
    tr.addEventListener("click", (e) => {
      if (e.target === box || box.disabled) return;
      box.checked = !box.checked;
      box.dispatchEvent(new Event("change"));
    });
    return tr;
  });
  send.addEventListener("click", () => {
    const picked = chosen();
    if (picked.length) answer(c.interruptId, { [c.field]: picked.map((row) => row.id) }, words(picked.map(nameOf)));
  });
  return el("li", { class: "widget grid many" }, table(body), el("div", { class: "buttons" }, send));
}
