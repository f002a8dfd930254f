/**
 * Quick fixes for the diagnostics whose fix is mechanical: a "Did you mean `x`?" (a misspelt step key,
 * field key, shape option, tool, field or property) replaces the word the diagnostic starts on; an
 * `ungated-write` gets a `confirm:` step inserted right above the write, at its indentation, which
 * covers it on every path. Pure.
 */
import { CodeActionKind, type CodeAction, type Diagnostic } from "vscode-languageserver/node";
import { SOURCE, type DiagnosticData } from "./to-lsp-diagnostic.js";

/** The quick fixes for `diagnostics` (as the client sent them back) in the document `uri` with `text`. */
export function quickFixes(uri: string, text: string, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const lines = text.split("\n").map((line) => line.replace(/\r$/, ""));
  return diagnostics.filter((d) => d.source === SOURCE).flatMap((d) => {
    const fix = (d.data as DiagnosticData | undefined)?.fix ?? messageOf(d);
    const rename = renameFix(uri, lines, d, fix);
    const confirm = d.code === "ungated-write" ? confirmFix(uri, text, lines, d) : undefined;
    return [rename, confirm].filter((action): action is CodeAction => action !== undefined);
  });
}

function renameFix(uri: string, lines: string[], d: Diagnostic, fix: string): CodeAction | undefined {
  const guess = /Did you mean `([^`]+)`\?/.exec(fix)?.[1];
  const { line, character } = d.range.start;
  const word = /^\w+/.exec(lines[line]?.slice(character) ?? "")?.[0];
  if (!guess || !word || word === guess || !messageOf(d).includes(`\`${word}\``)) return undefined;
  const range = { start: d.range.start, end: { line, character: character + word.length } };
  return {
    title: `Change \`${word}\` to \`${guess}\``,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    isPreferred: true,
    edit: { changes: { [uri]: [{ range, newText: guess }] } },
  };
}

function confirmFix(uri: string, text: string, lines: string[], d: Diagnostic): CodeAction | undefined {
  const tool = /`(\w+)` runs with no confirm/.exec(messageOf(d))?.[1];
  const { line, character } = d.range.start;
  const lead = lines[line]?.slice(0, character) ?? "";
  if (!tool || !/^\s*-\s+$/.test(lead)) return undefined;
  let id = `confirm_${tool}`;
  for (let n = 2; new RegExp(`\\b${id}\\s*:`).test(text); n++) id = `confirm_${tool}_${n}`;
  const newText = `${lead}confirm: { ${id}: "Go ahead with ${tool.replace(/_/g, " ")}?" }\n`;
  return {
    title: `Add a confirm above line ${line + 1}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: { changes: { [uri]: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText }] } },
  };
}

function messageOf(d: Diagnostic): string {
  return typeof d.message === "string" ? d.message : d.message.value;
}
