/**
 * The prompts of a draft: what Skillflow's format is (a short reference and an example), the tools the
 * skill may use (or, with none given, how to propose them as data), the person's sentence, and on each
 * later round the draft that was refused with the loader's located diagnostics. Pure.
 */
import type { Diagnostic, ToolInfo } from "@skillflow/core";
import { formatType } from "@skillflow/core/edit";

const FORMAT = `A skill is one Markdown file, SKILL.md:

---
name: kebab-case-name   # lowercase letters, digits and hyphens, as the folder is named
description: One sentence: what the skill does.
---

# Title

Prose for people (rules in plain words).

## Fields

\`\`\`yaml
email: { pattern: "^[^@\\\\s]+@[^@\\\\s]+$", message: "That doesn't look like an email address." }
refund_method: { choices: [card, store_credit] }
nights: { number: { min: 1, max: 14 } }
order_code: { lookup: find_order }        # find_order must return known: true for the value
\`\`\`

## Steps

\`\`\`yaml
- ask: { email: "What email address did you order with?" }
- ask: { order_id: "Which order?" }
  from: list_orders.orders              # a pick: the answer is the id of one row of a lookup's list
  check:
    find_order.returnable: "That order can no longer be returned."
- do: quote_refund                      # a lookup: runs now
- when: quote_refund.amount > 100
  steps:
    - confirm: { supervisor_ok: "Approve a refund of {quote_refund.amount} EUR?" }
      by: supervisor                    # an approval from outside the conversation
- confirm: { refund: "Refund {quote_refund.amount} EUR to your card?" }
- do: issue_refund                      # a write: only after a confirm above it on every path
- say: "Done. Your reference is {issue_refund.reference}."
\`\`\`

Rules the loader enforces (a draft that breaks one is refused):
- Step kinds: say, ask, do, confirm (with optional by: ROLE), chat, when (+ steps, and optional else: steps for when it is false), switch: VALUE with cases: { value: [steps] } (+ optional else: [steps]; exactly one way runs; the cases must name every value of a choices field or z.enum output, or else: is needed), repeat: { for, in } (+ steps), handoff: TOOL with tell: "…" (a hand-off tool only; it ends the conversation, so nothing comes after it), and end: OUTCOME with status: success or failed and tell: "…" (ends the conversation with that named outcome; nothing comes after it).
- Field shapes: choices, pattern, number, decimal, lookup, text: true, date: true, yes_no: true. A field asked with from: needs no declaration.
- Every tool that changes something (a write) needs a confirm above it on every path; an ask between that confirm and the write whose answer the write takes ends the confirm's cover.
- A tool's inputs are filled by name from the fields asked and the outputs of tools run earlier: every input must have a source.
- Conditions and {holes} in texts are CEL over fields and tool outputs (tool.field); they must type-check.
- Only name tools that exist, and fields that are declared or picked.`;

const STUBS = `There is no tools.ts yet: propose the tools the skill needs as data, between <tools_yaml> and </tools_yaml>:

- name: find_order
  kind: lookup          # lookup: read-only; write: changes something
  description: One order with its items.
  input: { order_id: string }
  output: { known: boolean, total: number, items: [{ id: string, name: string, price: number }] }
- name: cancel_order
  kind: write
  description: Cancel an order and refund it.
  card: "Cancel order {order_id} and refund it"   # a write's card words: what the person says yes to, every input as a {hole}
  input: { order_id: string }
  output: { refunded: number }

Types: string, number, integer, boolean, a mapping (an object) or a one-item list (a list of it); a key ending in ? is optional.`;

export interface DraftPromptInput {
  sentence: string;
  /** The name the skill must have: its folder's (an Agent Skill is named after its folder). */
  name?: string;
  /** The tools of the given tools.ts; undefined: the model proposes them. */
  tools?: Record<string, ToolInfo>;
  /** Later rounds: the refused draft and why. */
  previous?: { skill: string; tools?: string; diagnostics: Diagnostic[] };
}

export function draftPrompt(input: DraftPromptInput): { system: string; user: string } {
  const system = [
    "You write skills for Skillflow, a runtime that runs a conversation exactly as a SKILL.md file says.",
    "Your reply is checked by Skillflow's loader; only a file it accepts is kept. Reply with the whole file between <skill_md> and </skill_md>.",
    FORMAT,
    input.tools ? "" : STUBS,
  ].filter(Boolean).join("\n\n");
  const parts = [`Write a skill for this: ${input.sentence.trim()}`];
  if (input.name) parts.push(`Name the skill \`${input.name}\` (\`name: ${input.name}\`): it is its folder's name.`);
  if (input.tools) parts.push(`Use only these tools (from tools.ts):\n${describeTools(input.tools)}`);
  if (input.previous) {
    parts.push(`Your previous draft was refused by the loader:\n${input.previous.diagnostics.map(formatDiagnostic).join("\n")}`);
    parts.push(`The refused draft:\n<skill_md>\n${input.previous.skill.trimEnd()}\n</skill_md>`);
    if (input.previous.tools !== undefined) parts.push(`Its tools:\n<tools_yaml>\n${input.previous.tools.trimEnd()}\n</tools_yaml>`);
    parts.push(input.tools ? "Write the whole SKILL.md again with these problems fixed." : "Write the whole SKILL.md and the tools again with these problems fixed.");
  }
  return { system, user: parts.join("\n\n") };
}

/** One line per tool: name, kind, description, inputs and output. */
export function describeTools(tools: Record<string, ToolInfo>): string {
  return Object.values(tools).map((tool) => {
    const inputs = tool.params.map((p) => `${p.name}${p.optional ? "?" : ""}: ${formatType(p.type)}`).join(", ");
    const kind = tool.kind === "lookup" ? "lookup (read-only)" : tool.kind === "handoff" ? "hand-off (hands the conversation to a person: only a `handoff:` step runs it, with no confirm)" : "write (changes something: needs a confirm)";
    return `- ${tool.name}, ${kind}${tool.description ? `: ${tool.description.trim()}` : ""}\n  input: { ${inputs} }\n  output: ${formatType(tool.output)}`;
  }).join("\n");
}

/** `SKILL.md:20:3 error ungated-write: reason fix`, as `flow check` prints it. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}: ${d.reason}${d.fix ? ` ${d.fix}` : ""}`;
}
