/**
 * The offline rule for `lookup` and `text` fields whose description shows an id by example ("the order
 * id, written with its # (#W1234567)"): a word of the message of the same form — the example's letters
 * (any case) and as many digits, its leading mark optional — is that field's value, written as the
 * example is ("W3361211" → "#W3361211"; "w3361211" too). An id of that form leaves no doubt which field
 * it is for, so any field in scope takes it, not only the pending question: "I want to cancel order
 * #W3586556, I ordered it by mistake" keeps the order. The lookup still decides whether it knows the
 * value; the rule never guesses one. Pure.
 */
import type { FieldInScope } from "../../understand/model-port.js";
import { RANK, type Candidate, type Rule } from "./spans.js";

interface Example {
  /** The mark the example starts with ("#"), or "". */
  mark: string;
  /** The rest of the example ("W1234567"). */
  body: string;
  /** Finds words of the example's form in a message. */
  pattern: RegExp;
}

const EXAMPLE = /(?<![\p{L}\p{N}])([#@]?)(\p{L}{1,4}\p{N}{4,}\p{L}{0,2})(?![\p{L}\p{N}])/gu;

/** The id examples in a field's description, each as a pattern. Pure. */
export function examplesOf(field: FieldInScope): Example[] {
  if ((field.shape.kind !== "lookup" && field.shape.kind !== "text") || !field.description) return [];
  return [...field.description.matchAll(EXAMPLE)].map((m) => {
    const [, mark, body] = m as unknown as [string, string, string];
    const form = [...body].map((c) => (/\p{N}/u.test(c) ? "\\p{N}" : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("");
    const lead = mark ? `${mark}?` : "";
    return { mark, body, pattern: new RegExp(`(?<![\\p{L}\\p{N}#@])${lead}(${form})(?![\\p{L}\\p{N}])`, "giu") };
  });
}

/** The value as the example writes it: its mark, and its letters in the example's case. Pure. */
function asExample(found: string, example: Example): string {
  const body = [...found].map((c, i) => {
    const e = example.body[i] ?? c;
    return e === e.toUpperCase() ? c.toUpperCase() : c.toLowerCase();
  }).join("");
  return `${example.mark}${body}`;
}

export const fillExamples: Rule = ({ text, fields, pending }) => {
  const out: Candidate[] = [];
  for (const field of fields) {
    for (const example of examplesOf(field)) {
      for (const m of text.matchAll(example.pattern)) {
        const value = asExample(m[1]!, example);
        out.push({ field: field.name, value, start: m.index, end: m.index + m[0].length, rank: field === pending ? RANK.pendingSure : RANK.other });
      }
    }
  }
  return out;
};
