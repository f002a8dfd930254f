/**
 * SKILL.md in CodeMirror 6: Markdown with its fenced YAML highlighted, checked as you type (debounced;
 * the Studio's `check`, which is `flow check`'s loader) with each diagnostic underlined at its line and
 * column and its sentence and fix in the tooltip, completion (`complete`) and hover (`hover`) from the
 * language server's own logic. Positions are sent as 0-based line and character.
 */
import { autocompletion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { markdown } from "@codemirror/lang-markdown";
import { yaml } from "@codemirror/lang-yaml";
import { linter, lintGutter, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import { EditorState, type Text } from "@codemirror/state";
import { EditorView, hoverTooltip } from "@codemirror/view";
import { basicSetup } from "codemirror";
import { el } from "../../server/page/dom.js";
import type { Analysis, Completion, Diagnostic } from "./api.js";
import { markdownNodes } from "./render-inline.js";

export interface EditorHooks {
  /** Check the text; the page shows the rest of the analysis (Canvas, verdict). */
  check(text: string): Promise<Analysis | undefined>;
  complete(text: string, line: number, character: number): Promise<Completion[]>;
  hover(text: string, line: number, character: number): Promise<string | undefined>;
}

const CHECK_DELAY_MS = 300;

export function createEditor(parent: HTMLElement, hooks: EditorHooks): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: "",
      extensions: [
        basicSetup,
        markdown({ codeLanguages: (info) => (/^ya?ml$/i.test(info.trim()) ? yaml().language : null) }),
        lintGutter(),
        linter(async (view) => {
          const analysis = await hooks.check(view.state.doc.toString());
          return analysis ? analysis.diagnostics.filter((d) => d.file === "SKILL.md").map((d) => toCm(d, view.state.doc)) : [];
        }, { delay: CHECK_DELAY_MS }),
        autocompletion({ override: [(context) => completions(context, hooks)], activateOnTyping: true }),
        hoverTooltip(async (view, pos) => {
          const at = lineOf(view.state.doc, pos);
          const text = await hooks.hover(view.state.doc.toString(), at.line, at.character);
          if (!text) return null;
          return { pos, above: true, create: () => ({ dom: el("div", { class: "hover" }, ...markdownNodes(text)) }) };
        }),
        EditorView.lineWrapping,
      ],
    }),
  });
}

/** Put the cursor at a 1-based line and column, show it and focus the editor. */
export function jumpTo(view: EditorView, line: number, column = 1): void {
  const target = view.state.doc.line(Math.min(Math.max(1, line), view.state.doc.lines));
  const anchor = Math.min(target.from + Math.max(0, column - 1), target.to);
  view.dispatch({ selection: { anchor }, effects: EditorView.scrollIntoView(anchor, { y: "center" }) });
  view.focus();
}

export function replaceText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** A diagnostic's range: its end when it has one, else the word it starts on (as `flow lsp` does). */
function toCm(d: Diagnostic, doc: Text): CmDiagnostic {
  const from = offsetOf(doc, d.line, d.column);
  let to = d.endLine !== undefined && d.endColumn !== undefined ? offsetOf(doc, d.endLine, d.endColumn) : from;
  if (to <= from) {
    const line = doc.lineAt(from);
    const word = /^[\w.-]+/.exec(line.text.slice(from - line.from))?.[0].length ?? 0;
    to = Math.min(line.to, from + Math.max(1, word));
  }
  return { from, to, severity: d.severity, source: d.ruleId, message: d.fix ? `${d.reason} ${d.fix}` : d.reason };
}

function offsetOf(doc: Text, line: number, column: number): number {
  const at = doc.line(Math.min(Math.max(1, line), doc.lines));
  return Math.min(at.from + Math.max(0, column - 1), at.to);
}

function lineOf(doc: Text, pos: number): { line: number; character: number } {
  const line = doc.lineAt(pos);
  return { line: line.number - 1, character: pos - line.from };
}

const TYPES: Record<string, string> = { key: "property", value: "constant", field: "variable", tool: "function", variable: "variable", property: "property" };

async function completions(context: CompletionContext, hooks: EditorHooks): Promise<CompletionResult | null> {
  const before = context.matchBefore(/[\w.{]*$/);
  const typed = before && before.text.length > 0;
  const afterColon = context.matchBefore(/:\s$/);
  if (!context.explicit && !typed && !afterColon) return null;
  const at = lineOf(context.state.doc, context.pos);
  const items = await hooks.complete(context.state.doc.toString(), at.line, at.character);
  if (items.length === 0) return null;
  const first = items[0]!.range;
  const line = context.state.doc.line(first.start.line + 1);
  return {
    from: line.from + first.start.character,
    to: line.from + first.end.character,
    options: items.map((item) => ({
      label: item.label,
      type: TYPES[item.kind] ?? "text",
      apply: item.insert,
      ...(item.detail && { detail: item.detail }),
      ...(item.documentation && { info: () => el("div", { class: "hover" }, ...markdownNodes(item.documentation!)) }),
      ...(item.sortText && { boost: Math.max(-99, 50 - Number(item.sortText)) }),
    })),
  };
}
