/**
 * The procedure as Markdown (CommonMark + GFM tables): one item per line, numbers written out, text
 * from the skill escaped so it reads as written. Pure and deterministic.
 */
import type { FlowWay, Inline, Procedure, WaysSection, WriteConditions } from "./model.js";
import { noChangeSentence, onceWords } from "./list-writes.js";

/** Escape plain text so Markdown shows it literally; runs of whitespace become one space. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/[\\`*[\]<~]/g, (c) => `\\${c}`)
    .replace(/&(?=#?\w+;)/g, "\\&")
    .replace(/_/g, (c, i: number, s: string) => (/[A-Za-z0-9]/.test(s[i - 1] ?? "") && /[A-Za-z0-9]/.test(s[i + 1] ?? "") ? c : "\\_"));
}

function codeSpan(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((r) => r.length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** An inline text as Markdown. */
export function md(text: Inline): string {
  return text.map((p) => (typeof p === "string" ? escapeMarkdown(p) : codeSpan(p.code))).join("");
}

const cell = (text: Inline): string => md(text).replace(/\|/g, "\\|");

function fieldsTable(p: Procedure): string[] {
  if (p.fields.length === 0) return ["No field is asked and no confirmation is needed."];
  const rows = p.fields.map((f) =>
    `| ${cell([{ code: f.name }])} | ${f.steps.join(", ") || "—"} | ${cell(f.question)} | ${cell(f.shape)} | ${cell(f.givenBy)} |`);
  return ["| Field | Step | Question | Shape | Given by |", "| --- | --- | --- | --- | --- |", ...rows];
}

function stepLines(p: Procedure): string[] {
  return p.steps.flatMap((s) => {
    const indent = "  ".repeat(s.depth);
    return [`${indent}- **${s.number}** ${md(s.text)}`, ...s.notes.map((n) => `${indent}  - ${md(n)}`)];
  });
}

function waysLines(ways: WaysSection): string[] {
  const independent = ways.eitherOr
    ? "Conditions are read as independent of each other, except a condition followed directly by its opposite: exactly one of the two runs."
    : "Conditions are read as independent of each other.";
  const intro = `${independent} A “for each” runs its steps once per row, or not at all when the list is empty.`;
  if (ways.kind === "list") {
    if (ways.ways.length === 1) {
      const w = ways.ways[0]!;
      return ["There is one way through this flow.", "", `- Steps: ${w.steps.join(", ") || "none"}`, `- Changes: ${w.changes.map(md).join(", ") || "none"}`, ...outcomeLine(w)];
    }
    return [intro, ...ways.ways.flatMap((w, i) => [
      "", `### Way ${i + 1}`, "",
      ...w.conditions.map((c) => `- When ${md(c)}`),
      `- Steps: ${w.steps.join(", ") || "none"}`,
      `- Changes: ${w.changes.map(md).join(", ") || "none"}`,
      ...outcomeLine(w),
    ])];
  }
  return [
    `There are ${ways.total} ways through this flow, too many to list one by one. They are grouped by condition: each condition adds its steps when it holds and skips them when it does not. ${intro}`,
    "", "### Always", "", `- Steps: ${ways.always.join(", ") || "none"}`,
    ...ways.effects.flatMap((e) => [
      "", `### When step ${e.number} holds`, "",
      ...e.conditions.map((c) => `- When ${md(c)}`),
      `- Adds steps: ${e.adds.join(", ")}`,
      `- Changes: ${e.changes.map(md).join(", ") || "none"}`,
    ]),
  ];
}

function outcomeLine(w: FlowWay): string[] {
  return w.outcome ? [`- Outcome: ${md(w.outcome)}`] : [];
}

function writeLines(w: WriteConditions): string[] {
  return [
    "", `### Step ${w.number}: ${md([{ code: w.tool }])}`, "",
    ...(w.description ? [escapeMarkdown(w.description), ""] : []),
    ...(w.ungated ? [`- No confirmation: ${md(w.ungated)}`] : []),
    ...w.confirmations.map((c) => `- Confirmation: ${md(c)}`),
    ...(w.card.length ? [`- ${md(w.card)}`] : []),
    ...(w.approvals.length ? w.approvals.map((a) => `- Approval: ${md(a)}`) : ["- Approval: none"]),
    ...(w.checks.length ? w.checks.map((c) => `- Check passed: ${md(c)}`) : ["- Check passed: none"]),
    ...w.inputs.map((i) => `- ${md(i)}`),
    `- ${onceWords(w)}, and only with exactly the inputs shown when the yes was given.`,
  ];
}

/** The whole procedure as a Markdown document ending in one newline. */
export function renderMarkdown(p: Procedure): string {
  const lines = [
    `# Procedure: ${escapeMarkdown(p.title)}`, "",
    `${md([{ code: p.name }])}: ${escapeMarkdown(p.description)}`, "",
    "Generated from the skill file and its tools by `flow procedure`, with no model involved. Do not edit it by hand: change the skill and generate it again.",
    "", "## Purpose", "", p.prose || escapeMarkdown(p.description),
    "", "## Who provides what", "", ...fieldsTable(p),
    ...(p.values ? ["", "## Values", "", ...p.values.map((l) => `- ${md(l)}`)] : []),
    "", "## Steps", "", ...(p.steps.length ? stepLines(p) : ["No steps."]),
    "", "## Ways through the flow", "", ...waysLines(p.ways),
    "", "## Before each change",
    ...(p.writes.length ? p.writes.flatMap(writeLines) : ["", noChangeSentence(p.handsOver)]),
    ...(p.limits ? ["", "## Limits", "", ...p.limits.map((l) => `- ${md(l)}`)] : []),
  ];
  return `${lines.join("\n")}\n`;
}
