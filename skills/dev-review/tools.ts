/**
 * dev-review's tools: Conductor's dev → review workflow as tools. The ticket's validation script, the
 * developer (an agent that changes the repository: a write, so each of its runs needs a yes), the test
 * run, the diff, the reviewer (an agent that only reads: a lookup) and the summary for the person.
 * Deterministic stand-ins over data.ts; a tool that calls a real agent or runs a real command has the
 * same shape. A failing test run is data (`exit_code: 1`), not an error. `commits` lists what the
 * developer really did, one per idempotency key, so tests can see that no round ran twice.
 */
import { z } from "zod";
import { action, lookup } from "@skillflow/core";
import { MAX_DIFF_BYTES, commitInfo, commitOf, ticketById } from "./data.js";

const ticket = z.string().describe("the ticket id, such as DEV-101");
const commit = z.string().describe("the commit the developer made");

/** The developer's commits by idempotency key: a retried write changes nothing twice. */
export const commits = new Map<string, string>();

export const validateTicket = lookup({
  name: "validate_ticket",
  description: "Read the ticket and say whether it can be worked on: its title, complexity and acceptance criteria.",
  input: z.object({ ticket }),
  output: z.object({
    valid: z.boolean().describe("whether the ticket can be worked on"),
    reason: z.string().describe("why it cannot, when it cannot"),
    title: z.string().describe("the ticket's title"),
    complexity: z.enum(["small", "standard"]).describe("how much work the ticket is"),
    acceptance_criteria: z.array(z.string()).describe("what the change must do"),
  }),
}, ({ ticket }) => {
  const found = ticketById(ticket);
  if (!found) return { valid: false, reason: "no ticket has that id", title: "", complexity: "standard" as const, acceptance_criteria: [] };
  return { valid: found.invalid === undefined, reason: found.invalid ?? "", title: found.title, complexity: found.complexity, acceptance_criteria: found.criteria };
});

export const developer = action({
  name: "developer",
  card: "Let the developer agent change the repository for {ticket} (round {round}, attempt {attempt}), working from: {size(feedback) == 0 ? [\"the ticket alone\"] : feedback}",
  description: "Have the developer agent implement the ticket in the repository, given what the last attempt or review found.",
  input: z.object({
    ticket,
    round: z.number().int().min(1).describe("the round of review, 1 for the first"),
    attempt: z.number().int().min(1).describe("the attempt within the round, 1 for the first"),
    feedback: z.array(z.string()).describe("the failing tests of the last attempt, or the findings of the last review"),
  }),
  output: z.object({ commit, summary: z.string().describe("the developer's own account of the change") }),
}, ({ ticket, round, attempt }, { idempotencyKey }) => {
  const made = commits.get(idempotencyKey) ?? commitOf(ticket, round, attempt);
  commits.set(idempotencyKey, made);
  return { commit: made, summary: `Worked on ${ticket.trim().toUpperCase()}, round ${round}, attempt ${attempt}.` };
});

export const runTests = lookup({
  name: "run_tests",
  description: "Run the test suite on a commit; a failing suite is a result, not an error.",
  input: z.object({ commit }),
  output: z.object({
    exit_code: z.number().int().describe("the test runner's exit code"),
    failing: z.array(z.string()).describe("the failing tests"),
  }),
}, ({ commit }) => {
  const found = commitInfo(commit);
  if (!found) return { exit_code: 2, failing: [`no commit ${commit}`] };
  const fails = found.attempt <= found.round.failingAttempts;
  return { exit_code: fails ? 1 : 0, failing: fails ? found.round.failing ?? [] : [] };
});

export const collectDiff = lookup({
  name: "collect_diff",
  description: `The change a commit makes, cut at ${MAX_DIFF_BYTES} bytes.`,
  input: z.object({ commit }),
  output: z.object({
    bytes: z.number().int().describe("the size of the whole diff"),
    truncated: z.boolean().describe("whether the diff was cut because it is too large to review"),
  }),
}, ({ commit }) => {
  const bytes = commitInfo(commit)?.round.diffBytes ?? 0;
  return { bytes, truncated: bytes > MAX_DIFF_BYTES };
});

export const reviewer = lookup({
  name: "reviewer",
  description: "The reviewer agent reads the acceptance criteria and the diff, and gives a verdict with findings.",
  input: z.object({ commit }),
  output: z.object({
    verdict: z.enum(["approve", "changes", "blocked"]).describe("the reviewer's verdict"),
    findings: z.array(z.string()).describe("what the reviewer found"),
  }),
}, ({ commit }) => {
  const round = commitInfo(commit)?.round;
  return round ? { verdict: round.verdict, findings: round.findings } : { verdict: "blocked" as const, findings: ["the reviewer could not read the change"] };
});

export const summarize = lookup({
  name: "summarize",
  description: "At most five lines for the person: what changed for the ticket.",
  input: z.object({ ticket, commit }),
  output: z.object({ summary: z.string().describe("what changed, in a few lines") }),
}, ({ ticket, commit }) => {
  const found = ticketById(ticket);
  return { summary: `${found?.title ?? ticket}: done in ${commit}, meeting: ${found?.criteria.join("; ") ?? ""}.` };
});

export default [validateTicket, developer, runTests, collectDiff, reviewer, summarize];
