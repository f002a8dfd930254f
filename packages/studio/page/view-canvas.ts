/**
 * The Canvas and "What it proved": the skill as a column of steps (nested `when`/`repeat`/`switch` as blocks,
 * writes marked gated or not with the confirms covering them, each confirm with the writes it covers),
 * and per write what must hold before it runs. Clicking a step or a write jumps to its line.
 */
import { el } from "../../server/page/dom.js";
import type { Analysis, CanvasStep, Inline, ProvedWrite } from "./api.js";
import { inlineNodes } from "./render-inline.js";

export type Jump = (line: number, column?: number) => void;

export function renderCanvas(target: HTMLElement, analysis: Analysis, jump: Jump): void {
  const head = el("p", { class: analysis.passes ? "ok" : "bad" }, analysis.passes
    ? `Passes the check: ${count(analysis.canvas, "write")} write${count(analysis.canvas, "write") === 1 ? "" : "s"}, every one covered by a confirm on every path.`
    : `Does not pass the check: ${analysis.errors} error${analysis.errors === 1 ? "" : "s"}.`);
  const column = analysis.canvas.length ? stepList(analysis.canvas, jump) : el("p", {}, "No steps yet (the Steps block does not parse).");
  target.replaceChildren(head, column);
}

function stepList(steps: readonly CanvasStep[], jump: Jump): HTMLElement {
  return el("ol", { class: "canvas" }, ...steps.map((step) => stepCard(step, jump)));
}

function stepCard(step: CanvasStep, jump: Jump): HTMLElement {
  const classes = ["step", `kind-${step.kind}`];
  if (step.tool === "write") classes.push(step.gated ? "write gated" : "write ungated");
  if (step.problems.some((p) => p.severity === "error")) classes.push("has-error");
  const where = step.part ? `line ${step.line} of ${step.part}` : `line ${step.line}`;
  const title = el("button", { type: "button", class: "step-title", "data-step": step.id, "aria-label": `Step ${step.id}: ${step.title}, ${where}` },
    el("span", { class: "num" }, step.id), el("span", { class: "kind" }, step.kind), el("code", {}, step.title.replace(/^\w+\s?/, "")));
  // A part's step is written in the part's file, not in the editor's text: it names the part instead of jumping.
  if (!step.part) title.addEventListener("click", () => jump(step.line, step.column));
  const details: HTMLElement[] = [];
  if (step.part) details.push(el("p", { class: "note part" }, `from the part ${step.part}, ${where}`));
  if (step.text) details.push(el("p", { class: "text" }, step.text));
  if (step.tool === "write") details.push(writeBadge(step));
  if (step.tool === "lookup") details.push(el("p", { class: "badge lookup" }, "lookup (read-only)"));
  if (step.kind === "confirm") details.push(coversBadge(step));
  if (step.kind === "decide") details.push(el("p", { class: "note options" }, `options ${(step.options ?? []).join(", ")}${step.by ? `, or no (by ${step.by})` : ""}; covers no write`));
  for (const note of [step.from && `from ${step.from}`, step.default && `starts from ${step.default} (a default)`, step.widget && `widget ${step.widget}`, ...(step.checks ?? []).map((c) => `check ${c}`)]) {
    if (note) details.push(el("p", { class: "note" }, note));
  }
  for (const p of step.problems) details.push(el("p", { class: `problem ${p.severity}` }, `${p.severity} ${p.ruleId} (line ${p.line})`));
  const nested = step.steps ? [stepList(step.steps, jump)] : [];
  // The first step of a way of a switch names the way above its title ("case gift_card", "else").
  const way = step.way ? [el("p", { class: "way" }, step.way)] : [];
  return el("li", { class: classes.join(" "), "data-step": step.id }, ...way, title, ...details, ...nested);
}

function writeBadge(step: CanvasStep): HTMLElement {
  const by = (step.coveredBy ?? []).map((c) => (c.by ? `${c.confirm} (by ${c.by})` : c.confirm));
  if (step.gated) return el("p", { class: "badge write-ok" }, `write, gated by ${by.join(" + ")}`);
  return el("p", { class: "badge write-bad" }, by.length ? `write, NOT covered on every path (only by ${by.join(", ")} on some)` : "write with NO confirm above it");
}

function coversBadge(step: CanvasStep): HTMLElement {
  const covers = step.covers ?? [];
  return el("p", { class: `badge covers${covers.length ? "" : " none"}` }, covers.length ? `covers ${covers.map((c) => `${c.tool} (step ${c.stepId})`).join(", ")}` : "covers no write");
}

function count(steps: readonly CanvasStep[], tool: "write"): number {
  return steps.reduce((n, s) => n + (s.tool === tool ? 1 : 0) + count(s.steps ?? [], tool), 0);
}

export function renderProved(target: HTMLElement, analysis: Analysis, jump: Jump): void {
  if (!analysis.proved) {
    target.replaceChildren(el("p", { class: "bad" }, `Nothing is proved while the check fails (${analysis.errors} error${analysis.errors === 1 ? "" : "s"}): fix the underlined problems first.`));
    return;
  }
  if (analysis.proved.length === 0) {
    target.replaceChildren(el("p", {}, "This skill changes nothing: it has no write, so no confirm is needed."));
    return;
  }
  target.replaceChildren(el("p", {}, "For each write, what the checker proved holds on every path before it runs (the same analysis as flow procedure):"),
    ...analysis.proved.map((w) => provedCard(w, jump)));
}

function provedCard(w: ProvedWrite, jump: Jump): HTMLElement {
  const heading = el("button", { type: "button", class: "step-title", "data-write": w.tool }, el("code", {}, w.tool), ` step ${w.stepId}, line ${w.line}`);
  heading.addEventListener("click", () => jump(w.line));
  const section = (label: string, items: Inline[], none: string) =>
    el("div", { class: "proved-part" }, el("h3", {}, label), items.length ? el("ul", {}, ...items.map((i) => el("li", {}, ...inlineNodes(i)))) : el("p", { class: "quiet-text" }, none));
  return el("article", { class: "proved", "data-write": w.tool }, heading,
    ...(w.description ? [el("p", { class: "text" }, w.description)] : []),
    section("Confirmed by", w.confirmations, "no confirmation"),
    section("Approved by", w.approvals, "no approval needed"),
    section("Checks passed before it", w.checks, "none"),
    section("Its inputs and where each comes from", w.inputs, "no inputs"));
}
