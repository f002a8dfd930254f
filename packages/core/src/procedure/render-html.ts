/**
 * The procedure as one self-contained HTML page: inline CSS, no scripts, no external resources, every
 * text escaped. Same content and order as the Markdown. Pure and deterministic.
 */
import type { Inline, Procedure, StepLine, WaysSection, WriteConditions } from "./model.js";
import { escapeHtml, renderProseHtml } from "./render-prose-html.js";
import { noChangeSentence, onceWords } from "./list-writes.js";

const STYLE = [
  "body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}",
  "table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}",
  "code{background:#f2f2f2;padding:0 .2rem;border-radius:3px}ul.steps,ul.steps ul{list-style:none;padding-left:1.5rem}",
  ".num{font-weight:bold;margin-right:.4rem}.notes{list-style:disc}",
].join("");

/** An inline text as HTML. */
export function html(text: Inline): string {
  return text.map((p) => (typeof p === "string" ? escapeHtml(p.replace(/\s+/g, " ")) : `<code>${escapeHtml(p.code.replace(/\s+/g, " "))}</code>`)).join("");
}

const li = (text: string): string => `<li>${text}</li>`;
const list = (items: string[]): string[] => ["<ul>", ...items.map(li), "</ul>"];

function fieldsTable(p: Procedure): string[] {
  if (p.fields.length === 0) return ["<p>No field is asked and no confirmation is needed.</p>"];
  const rows = p.fields.map((f) =>
    `<tr><td><code>${escapeHtml(f.name)}</code></td><td>${escapeHtml(f.steps.join(", ") || "—")}</td><td>${html(f.question)}</td><td>${html(f.shape)}</td><td>${html(f.givenBy)}</td></tr>`);
  return ["<table>", "<tr><th>Field</th><th>Step</th><th>Question</th><th>Shape</th><th>Given by</th></tr>", ...rows, "</table>"];
}

function stepItems(steps: readonly StepLine[]): string[] {
  const out: string[] = ['<ul class="steps">'];
  let depth = 0;
  steps.forEach((s, i) => {
    for (; depth < s.depth; depth++) out.push("<ul>");
    for (; depth > s.depth; depth--) out.push("</ul></li>");
    const notes = s.notes.length ? `<ul class="notes">${s.notes.map((n) => li(html(n))).join("")}</ul>` : "";
    const opensChildren = (steps[i + 1]?.depth ?? 0) > s.depth;
    out.push(`<li><span class="num">${escapeHtml(s.number)}</span>${html(s.text)}${notes}${opensChildren ? "" : "</li>"}`);
  });
  for (; depth > 0; depth--) out.push("</ul></li>");
  return [...out, "</ul>"];
}

function waysBlocks(ways: WaysSection): string[] {
  const changes = (c: Inline[]): string => (c.length ? c.map(html).join(", ") : "none");
  const eitherOr = ways.eitherOr ? ["<p>A condition followed directly by its opposite is one choice: exactly one of the two runs.</p>"] : [];
  if (ways.kind === "list") {
    return [...eitherOr, ...ways.ways.flatMap((w, i) => [
      ...(ways.ways.length > 1 ? [`<h3>Way ${i + 1}</h3>`] : ["<p>There is one way through this flow.</p>"]),
      ...list([
        ...w.conditions.map((c) => `When ${html(c)}`), `Steps: ${escapeHtml(w.steps.join(", ") || "none")}`, `Changes: ${changes(w.changes)}`,
        ...(w.outcome ? [`Outcome: ${html(w.outcome)}`] : []),
      ]),
    ])];
  }
  return [...eitherOr,
    `<p>There are ${ways.total} ways through this flow, too many to list one by one. They are grouped by condition: each condition adds its steps when it holds and skips them when it does not.</p>`,
    "<h3>Always</h3>", ...list([`Steps: ${escapeHtml(ways.always.join(", ") || "none")}`]),
    ...ways.effects.flatMap((e) => [
      `<h3>When step ${escapeHtml(e.number)} holds</h3>`,
      ...list([...e.conditions.map((c) => `When ${html(c)}`), `Adds steps: ${escapeHtml(e.adds.join(", "))}`, `Changes: ${changes(e.changes)}`]),
    ]),
  ];
}

function writeBlock(w: WriteConditions): string[] {
  return [
    `<h3>Step ${escapeHtml(w.number)}: <code>${escapeHtml(w.tool)}</code></h3>`,
    ...(w.description ? [`<p>${escapeHtml(w.description)}</p>`] : []),
    ...list([
      ...(w.ungated ? [`No confirmation: ${html(w.ungated)}`] : []),
      ...w.confirmations.map((c) => `Confirmation: ${html(c)}`),
      ...(w.card.length ? [html(w.card)] : []),
      ...(w.approvals.length ? w.approvals.map((a) => `Approval: ${html(a)}`) : ["Approval: none"]),
      ...(w.checks.length ? w.checks.map((c) => `Check passed: ${html(c)}`) : ["Check passed: none"]),
      ...w.inputs.map(html),
      `${onceWords(w)}, and only with exactly the inputs shown when the yes was given.`,
    ]),
  ];
}

/** The whole procedure as an HTML page ending in one newline. */
export function renderHtml(p: Procedure): string {
  const lines = [
    "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
    `<title>Procedure: ${escapeHtml(p.title)}</title>`, `<style>${STYLE}</style>`, "</head>", "<body>",
    `<h1>Procedure: ${escapeHtml(p.title)}</h1>`,
    `<p><code>${escapeHtml(p.name)}</code>: ${escapeHtml(p.description)}</p>`,
    "<p>Generated from the skill file and its tools by <code>flow procedure</code>, with no model involved.</p>",
    "<h2>Purpose</h2>", p.prose ? renderProseHtml(p.prose).trimEnd() : `<p>${escapeHtml(p.description)}</p>`,
    "<h2>Who provides what</h2>", ...fieldsTable(p),
    ...(p.values ? ["<h2>Values</h2>", ...list(p.values.map(html))] : []),
    "<h2>Steps</h2>", ...(p.steps.length ? stepItems(p.steps) : ["<p>No steps.</p>"]),
    "<h2>Ways through the flow</h2>", ...waysBlocks(p.ways),
    "<h2>Before each change</h2>",
    ...(p.writes.length ? p.writes.flatMap(writeBlock) : [`<p>${escapeHtml(noChangeSentence(p.handsOver))}</p>`]),
    ...(p.limits ? ["<h2>Limits</h2>", ...list(p.limits.map(html))] : []),
    "</body>", "</html>",
  ];
  return `${lines.join("\n")}\n`;
}
