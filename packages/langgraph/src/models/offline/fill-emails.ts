/**
 * The offline rule for email addresses: an address in the message (`name@example.com`) is the value of
 * the `lookup` or `text` field whose name or description says it is an email address — the pending one
 * first, else any in scope. An address leaves no doubt which field it is for, so "my email is
 * sophia@example.com", typed while the question is how to find the account, gives the email too; and an
 * address typed alone at a choice that has an `email` choice (how to find the account) is that choice
 * as well. The lookup still decides whether it knows the address; the rule never guesses one. Pure.
 */
import type { FieldInScope } from "../../understand/model-port.js";
import { RANK, type Candidate, type Rule } from "./spans.js";

/** An email address as people type it, not inside a longer word. */
const ADDRESS = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?![\p{L}\p{N}-])/gu;

/** The field is for an email address: a lookup or text field named or described so. Pure. */
function takesEmail(field: FieldInScope): boolean {
  if (field.shape.kind !== "lookup" && field.shape.kind !== "text") return false;
  return /\be-?mail\b/i.test(field.name.replace(/_/g, " ")) || /\be-?mail address\b/i.test(field.description ?? "");
}

export const fillEmails: Rule = ({ text, fields, pending }) => {
  const takers = fields.filter(takesEmail);
  const field = takers.find((f) => f === pending) ?? takers[0];
  if (!field) return [];
  const out: Candidate[] = [];
  for (const m of text.matchAll(ADDRESS)) {
    out.push({ field: field.name, value: m[0], start: m.index, end: m.index + m[0].length, rank: field === pending ? RANK.pendingSure : RANK.other });
  }
  // The address alone answers a pending choice of how to go on whose choice is "email" (the retail sign-in).
  const choice = pending?.shape.kind === "choices" ? pending.shape.choices.find((c) => /^e-?mail$/i.test(c)) : undefined;
  const [first] = out;
  if (choice && first) out.push({ field: pending!.name, value: choice, start: first.start, end: first.start, rank: RANK.pending });
  return out;
};
