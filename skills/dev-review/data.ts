/**
 * dev-review's fixed world: six tickets, and what the developer, the tests and the reviewer do on each
 * round of review and each attempt within it. A stand-in for a repository, a test runner and two agents,
 * deterministic so that proofs can say exactly what happens: every answer is a function of the ticket,
 * the round and the attempt.
 */

export type Complexity = "small" | "standard";
export type Verdict = "approve" | "changes" | "blocked";

/** One round of review: how many of its attempts fail the tests first, the diff's size, and the review. */
export interface Round {
  failingAttempts: number;
  failing?: string[];
  diffBytes: number;
  verdict: Verdict;
  findings: string[];
}

export interface Ticket {
  id: string;
  title: string;
  /** Why the ticket cannot be worked on, when it cannot. */
  invalid?: string;
  complexity: Complexity;
  criteria: string[];
  /** Round 1, 2, …; the last one repeats for any later round. */
  rounds: Round[];
}

/** A diff larger than this is cut, and a cut diff cannot be reviewed. */
export const MAX_DIFF_BYTES = 200_000;

export const tickets: Ticket[] = [
  {
    id: "DEV-101", title: "Show prices with two decimals", complexity: "small",
    criteria: ["Prices read 12.50, not 12.5", "The cart total is rounded once"],
    rounds: [
      { failingAttempts: 1, failing: ["cart total rounds twice"], diffBytes: 1_800, verdict: "changes", findings: ["Use the shared money formatter"] },
      { failingAttempts: 0, diffBytes: 1_650, verdict: "approve", findings: [] },
    ],
  },
  {
    id: "DEV-102", title: "Let admins delete any account", complexity: "standard",
    criteria: ["An admin can delete an account", "The deletion is logged"],
    rounds: [{ failingAttempts: 0, diffBytes: 4_200, verdict: "blocked", findings: ["Deleting accounts needs a data-retention review first"] }],
  },
  { id: "DEV-103", title: "Make it faster", complexity: "standard", criteria: [], invalid: "it has no acceptance criteria", rounds: [] },
  {
    id: "DEV-104", title: "Rename every module", complexity: "standard", criteria: ["Modules use kebab-case names"],
    rounds: [{ failingAttempts: 0, diffBytes: 912_000, verdict: "approve", findings: [] }],
  },
  {
    id: "DEV-105", title: "Cache search results", complexity: "standard",
    criteria: ["Repeated searches answer from the cache", "The cache expires after an hour"],
    rounds: [{ failingAttempts: 0, diffBytes: 3_100, verdict: "changes", findings: ["The cache never expires"] }],
  },
  {
    id: "DEV-106", title: "Parse dates in any format", complexity: "standard", criteria: ["Every date the shop prints parses back"],
    rounds: [{ failingAttempts: 99, failing: ["parses 31/02/2027"], diffBytes: 2_000, verdict: "changes", findings: [] }],
  },
];

export function ticketById(id: string): Ticket | undefined {
  const wanted = id.trim().toUpperCase();
  return tickets.find((t) => t.id === wanted);
}

/** The commit the developer makes on an attempt of a round: `DEV-101@1.2`. */
export function commitOf(ticket: string, round: number, attempt: number): string {
  return `${ticket.trim().toUpperCase()}@${round}.${attempt}`;
}

/** The round and attempt a commit was made on, with its ticket; undefined for a commit no developer made. */
export function commitInfo(commit: string): { ticket: Ticket; round: Round; attempt: number } | undefined {
  const match = /^(.+)@(\d+)\.(\d+)$/.exec(commit);
  const ticket = match ? ticketById(match[1]!) : undefined;
  if (!match || !ticket || ticket.rounds.length === 0) return undefined;
  const round = Number(match[2]);
  return { ticket, attempt: Number(match[3]), round: ticket.rounds[Math.min(Math.max(round, 1), ticket.rounds.length) - 1]! };
}
