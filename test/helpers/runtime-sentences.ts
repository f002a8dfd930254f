/**
 * Every sentence the runtime can show a person, read from its source with the TypeScript parser: each
 * string or template literal of the runtime's files (core's runtime, the LangGraph host's graph, render,
 * routing and event admission, its tool runner, its budget check) that reads as a sentence — it starts with a capital
 * letter, a backtick or a `${…}` value, has a space, and ends a sentence (`.`, `?`, `!`, `…`) or with a
 * value (`Waiting for approval from ${role} for: ${question}`). A literal that is thrown (a bug, not
 * something said) or in a prompt for the model is not one. Values are given as `{}`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const SOURCES: Array<{ dir: string; only?: readonly string[] }> = [
  { dir: "packages/core/src/runtime" },
  { dir: "packages/langgraph/src/graph" },
  { dir: "packages/langgraph/src/render" },
  { dir: "packages/langgraph/src/routing" },
  { dir: "packages/langgraph/src/understand", only: ["admit-event.ts", "settle-route.ts", "understand-node.ts", "offer-secrets.ts"] },
  { dir: "packages/langgraph/src", only: ["run-tool.ts"] },
  { dir: "packages/langgraph/src/budget" },
  { dir: "packages/langgraph/src/platform" },
];

export interface RuntimeSentence {
  /** `file:line`, relative to the repository. */
  at: string;
  /** The text with each `${…}` as `{}`. */
  text: string;
}

export function runtimeSentences(root: string): RuntimeSentence[] {
  const found: RuntimeSentence[] = [];
  for (const { dir, only } of SOURCES) {
    const files = readdirSync(join(root, dir)).filter((f) => f.endsWith(".ts") && (!only || only.includes(f)));
    for (const file of files) found.push(...sentencesIn(`${dir}/${file}`, readFileSync(join(root, dir, file), "utf8")));
  }
  return found;
}

function sentencesIn(file: string, source: string): RuntimeSentence[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: RuntimeSentence[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined && isSentence(text) && !thrown(node)) {
      found.push({ at: `${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join("");
  return undefined;
}

function isSentence(text: string): boolean {
  return /^([A-Z`]|\{\})/.test(text) && text.includes(" ") && /([.?!…]|\{\})$/.test(text) && text.replace(/\{\}/g, "").trim().length > 8;
}

/** Inside `throw …` or `new …(…)`: an exception for the caller, not a sentence shown to a person. */
function thrown(node: ts.Node): boolean {
  for (let at = node.parent; at; at = at.parent) if (ts.isThrowStatement(at) || ts.isNewExpression(at)) return true;
  return false;
}

/** A regular expression matching the sentence with any text for each `{}`. */
export function sentencePattern(text: string): RegExp {
  return new RegExp(text.split("{}").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*?"));
}
