/**
 * The terminal's own words around a conversation: the opening banner, the usage line, how to resume,
 * and the help for `/commands`. Pure.
 */
import type { Usage } from "@skillflow/core";

export interface BannerFacts {
  skills: Array<{ name: string; description: string }>;
  /** Started with `--operator`: this terminal may give approvals. */
  operator?: boolean;
  model: { id: string; notice?: string };
  store: string;
  threadId: string;
  /** Undefined when the store does not outlive the process (`--db memory`). */
  resumeCommand?: string | undefined;
}

/** The lines printed before the conversation starts. Pure. */
export function bannerLines(facts: BannerFacts): string[] {
  const { skills, model } = facts;
  const pad = " ".repeat(14);
  const [first] = skills;
  return [
    skills.length === 1
      ? `skill         ${first!.name} — ${first!.description}`
      : `skills        ${skills.map((s) => s.name).join(", ")} (the first message picks one; you can switch or cancel)`,
    `model         ${model.id === "offline" && !model.notice ? "offline (the offline extractor: rules, no network)" : model.id}`,
    ...(model.notice ? [`${pad}${model.notice}`] : []),
    `conversation  ${facts.threadId}, ${facts.resumeCommand ? `kept in ${facts.store}` : "in memory only (it ends with this chat)"}`,
    ...(facts.resumeCommand ? [`${pad}resume with: ${facts.resumeCommand}`] : []),
    ...(facts.operator ? [OPERATOR_BANNER] : []),
    `Type /help for commands. Ctrl-D ends, Ctrl-C stops${facts.resumeCommand ? "; either way the conversation is kept" : ""}.`,
  ];
}

const OPERATOR_BANNER = "operator      on (--operator): /approve and /deny answer approval requests from this terminal, for the role they name";

/** What an approval needs when this terminal is not the operator's. */
export const NOT_OPERATOR =
  "Approvals come from outside the conversation. To give them from this terminal, start the chat with --operator.";

/**
 * The numbered menu of hosted skills, worded as the flow words it when no skill is in progress
 * (`skillsMenu` in @skillflow/langgraph, not imported here so that the chat starts before LangGraph
 * has loaded; a test holds the two equal). Pure.
 */
export function menuLines(skills: ReadonlyArray<{ title: string; description: string }>): string[] {
  return ["What would you like to do? I can help with:", ...skills.map((s, i) => `${i + 1}. ${s.title}: ${s.description}`)];
}

/** The hint under the menu of skills. Pure. */
export function menuHint(count: number): string {
  return `Type a number from 1 to ${count} to pick, or say what you need.`;
}

/** "usage: 2 model calls, 310 input + 42 output = 352 tokens". Pure. */
export function usageLine(usage: Usage): string {
  const calls = `${usage.modelCalls} model call${usage.modelCalls === 1 ? "" : "s"}`;
  return `usage: ${calls}, ${usage.inputTokens} input + ${usage.outputTokens} output = ${usage.totalTokens} tokens`;
}

/** How to come back to the conversation, for the end of a chat and `/thread`. Pure. */
export function keptLine(resumeCommand: string | undefined): string {
  return resumeCommand
    ? `The conversation is kept. Resume with: ${resumeCommand}`
    : "The conversation is in memory only: it ends with this chat.";
}

/** The command that resumes this conversation: the same skill, store and model, plus `--thread`. Pure. */
export function resumeCommand(target: string, options: { db?: string | undefined; model?: string | undefined; operator?: boolean | undefined }, threadId: string): string {
  const parts = ["flow chat", quote(target)];
  if (options.db) parts.push("--db", quote(options.db));
  if (options.model) parts.push("--model", quote(options.model));
  if (options.operator) parts.push("--operator");
  parts.push("--thread", threadId);
  return parts.join(" ");
}

/**
 * The help for the terminal's commands; the approval commands only for an operator; whether the
 * conversation is kept (`kept`: false for `--db memory`). Pure.
 */
export function helpLines(operator = false, kept = true): string[] {
  return [
    "Type your answer or request in your own words. When a list is shown, type a row's number to pick it",
    "(where it takes several rows, their numbers: 1, 3 or 1-3); at a confirmation, type y (yes) or n (no).",
    "Those never go through the model. While a secret is asked,",
    "whatever you type is the secret (a /command too); Ctrl-D ends the chat there.",
    "",
    "Commands (the terminal's own, not part of the conversation):",
    "  /usage                   model calls and tokens used by this conversation so far",
    "  /thread                  this conversation's id and how to resume it",
    ...(operator
      ? [
        "  /approve CONFIRM ROLE    operator: give the approval ROLE was asked for (e.g. /approve pay manager)",
        "  /deny CONFIRM ROLE       operator: refuse it",
      ]
      : ["  /approve, /deny          only in a chat started with --operator (approvals come from outside)"]),
    kept
      ? "  /quit                    end here (the conversation is kept; so does Ctrl-D)"
      : "  /quit                    end here (so does Ctrl-D); with --db memory the conversation ends with the chat",
  ];
}

/** What a declined approval means, said plainly (on screen, and to an /approve or /deny of it). Pure. */
export function rejectedLines(confirm: string, role: string): string[] {
  return [
    `${role} declined "${confirm}", so nothing it covers was run.`,
    `To ask again, change an answer: that files a new request for ${role} to approve.`,
  ];
}

/** A shell word: as is when safe, else single-quoted. Pure. */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
