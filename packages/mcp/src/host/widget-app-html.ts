/**
 * The MCP App (SEP-1865, MCP Apps 2026-01-26) that draws a skill's widget in the host: a list to choose
 * from, or a confirmation card with every write and its exact inputs. It speaks the Apps protocol over
 * postMessage without an SDK (`ui/initialize`, `ui/notifications/initialized`,
 * `ui/notifications/tool-result`), and sends a click with `tools/call` to the app-only tool, carrying the
 * widget's token from the result's `_meta`. Data is put into the page as text, never as HTML. A grid shows
 * the view's `headers` and `cells` (the skill's `columns:`, each cell in words, as the chat page does), a
 * card its `lines` (each write with its inputs in words). A grid with `many: true` has a checkbox per row
 * and one Send, disabled until a row is ticked, that sends the ids ticked as one list.
 */

export const WIDGET_URI = "ui://skillflow/widget.html";
export const ANSWER_TOOL = "skillflow_widget_answer";

const SCRIPT = String.raw`
const calls = new Map(); let nextId = 1; let view = null; let token = null; let busy = false;
const post = (message) => window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
const request = (method, params) => new Promise((resolve, reject) => { const id = nextId++; calls.set(id, { resolve, reject }); post({ id, method, params }); });
window.addEventListener("message", (event) => {
  const m = event.data; if (!m || m.jsonrpc !== "2.0") return;
  if (m.id !== undefined && !m.method) { const c = calls.get(m.id); if (!c) return; calls.delete(m.id); m.error ? c.reject(new Error(m.error.message)) : c.resolve(m.result); return; }
  if (m.method === "ui/notifications/tool-result") return show(m.params);
  if (m.id !== undefined && (m.method === "ui/resource-teardown" || m.method === "ping")) post({ id: m.id, result: {} });
});
function show(result) {
  busy = false;
  if (result && result.isError) { note(textOf(result) || "That did not work."); return; }
  view = result && result.structuredContent; token = result && result._meta ? result._meta["skillflow/widget-token"] : null; render();
}
function textOf(result) { return (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n"); }
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = String(text); if (cls) e.className = cls; return e; }
function note(text) { const n = document.getElementById("note"); n.textContent = text; }
function render() {
  const root = document.getElementById("root"); root.replaceChildren(); note("");
  if (!view) return;
  for (const line of view.reply || []) root.append(el("p", line));
  const w = view.widget; if (!w) return;
  if (w.kind === "grid" || w.kind === "choices") {
    const table = el("table");
    const head = el("tr"); for (const h of w.headers || []) head.append(el("th", h)); head.append(el("th", "")); table.append(head);
    const boxes = [];
    const send = el("button", "Send"); send.dataset.send = "chosen"; send.disabled = true;
    const update = () => { const n = boxes.filter((b) => b.checked).length; send.textContent = n === 0 ? "Send" : n === 1 ? "Send this one" : "Send these " + n; send.disabled = !token || n === 0; };
    w.rows.forEach((row, i) => {
      const tr = el("tr"); for (const text of (w.cells || [])[i] || []) tr.append(el("td", text));
      const td = el("td");
      if (w.many) {
        const box = el("input"); box.type = "checkbox"; box.dataset.pick = String(row.id); box.disabled = !token;
        box.setAttribute("aria-label", "Choose " + ((w.cells || [])[i] || [String(row.id)])[0]);
        box.onchange = update; boxes.push(box); td.append(box);
      } else {
        const b = el("button", "Choose"); b.dataset.pick = String(row.id); b.disabled = !token;
        b.onclick = () => answer({ pick: { field: w.field, value: String(row.id) } });
        td.append(b);
      }
      tr.append(td); table.append(tr);
    });
    root.append(table);
    if (w.many) {
      send.onclick = () => answer({ pick: { field: w.field, value: boxes.filter((b) => b.checked).map((b) => b.dataset.pick) } });
      root.append(send);
    }
  } else {
    const list = el("ul", undefined, "writes");
    for (const line of w.lines || []) list.append(el("li", line));
    root.append(list);
    const yes = el("button", "Yes"); yes.dataset.press = "yes"; yes.disabled = !token; yes.onclick = () => answer({ press: { confirm: w.confirm, yes: true } });
    const no = el("button", "No"); no.dataset.press = "no"; no.disabled = !token; no.onclick = () => answer({ press: { confirm: w.confirm, yes: false } });
    root.append(yes, no);
  }
}
async function answer(click) {
  if (busy || !token || !view) return; busy = true;
  for (const b of document.querySelectorAll("button, input")) b.disabled = true;
  try {
    const result = await request("tools/call", { name: "${ANSWER_TOOL}", arguments: { skill: view.skill, conversation: view.conversation, token, ...click } });
    show(result);
    request("ui/update-model-context", { content: [{ type: "text", text: textOf(result) }] }).catch(() => {});
  } catch (error) { busy = false; note(error.message); }
}
new ResizeObserver(() => post({ method: "ui/notifications/size-changed", params: { width: document.body.scrollWidth, height: document.body.scrollHeight } })).observe(document.body);
request("ui/initialize", { protocolVersion: "2026-01-26", appInfo: { name: "skillflow-widget", version: "0.1.0" }, appCapabilities: {} })
  .then(() => post({ method: "ui/notifications/initialized", params: {} }))
  .catch((error) => note(error.message));
`;

export const WIDGET_APP_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Skillflow</title>
<style>
body{font-family:var(--font-sans,system-ui,sans-serif);color:var(--color-text-primary,#171717);background:var(--color-background-primary,#fff);margin:0;padding:12px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--color-border-primary,#ddd)}
button{font:inherit;margin:4px 8px 0 0;padding:4px 12px;cursor:pointer}button:disabled{cursor:default;opacity:.5}
.writes{padding-left:1.2em}#note{color:var(--color-text-danger,#b00020)}
</style></head>
<body><div id="root"></div><p id="note"></p><script>${SCRIPT}</script></body></html>`;
