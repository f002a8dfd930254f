/**
 * The fixture "repository" deploy-pipeline's tools read: its branches, what lint and the tests find on
 * each, and how much each changes (what the risk score is computed from). Fixed data, no I/O, so the
 * pipeline runs the same way every time.
 */

export interface BranchState {
  /** Lint problems on the branch (none: lint passes). */
  lint: string[];
  /** How many tests the branch has, and the ones that fail. */
  tests: number;
  failing: string[];
  /** The change against main: files and lines, and whether it touches the database schema. */
  files: number;
  lines: number;
  migration: boolean;
}

export const BRANCHES: Readonly<Record<string, BranchState>> = {
  main: { lint: [], tests: 412, failing: [], files: 0, lines: 0, migration: false },
  "fix-typo": { lint: [], tests: 412, failing: [], files: 1, lines: 2, migration: false },
  "feature-login": { lint: [], tests: 418, failing: ["login.spec: rejects an empty password"], files: 9, lines: 340, migration: false },
  "feature-search": { lint: [], tests: 431, failing: [], files: 14, lines: 620, migration: false },
  "db-split": { lint: [], tests: 440, failing: [], files: 31, lines: 2200, migration: true },
  "wip-style": { lint: ["src/app.ts:12 unused import"], tests: 412, failing: [], files: 2, lines: 15, migration: false },
};

/**
 * The risk of deploying a branch, from 0 to 100: lines changed, files touched, and 40 more for a
 * schema migration. Below 30 is low, below 70 acceptable (a release manager approves), else high.
 */
export function riskOf(state: BranchState): { score: number; level: "low" | "acceptable" | "high" } {
  const score = Math.min(100, Math.round(state.lines / 40 + state.files * 2 + (state.migration ? 40 : 0)));
  return { score, level: score < 30 ? "low" : score < 70 ? "acceptable" : "high" };
}
