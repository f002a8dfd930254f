/**
 * deploy-pipeline's tools, in-process and deterministic: they read the fixture repository
 * (repository.ts). `find_branch` and `assess_risk` are lookups; `run_lint`, `run_tests`, `build` and
 * `deploy` are writes (each runs a job, once per pipeline, behind the yes). A failing lint or test run is
 * data (`passed: false`), not an error. `calls` lists what ran, for tests; `resetCalls` forgets it.
 */
import { z } from "zod";
import { action, lookup } from "@skillflow/core";
import { BRANCHES, riskOf, type BranchState } from "./repository.js";

export const calls: Array<{ tool: string; inputs: Record<string, unknown> }> = [];

export function resetCalls(): void {
  calls.length = 0;
}

const branch = z.string().describe("the branch to ship");

function stateOf(name: string): BranchState {
  const state = Object.hasOwn(BRANCHES, name) ? BRANCHES[name] : undefined;
  if (!state) throw new Error(`There is no branch ${name}.`);
  return state;
}

const findBranch = lookup({
  name: "find_branch",
  description: "Whether the repository has this branch.",
  input: z.object({ branch }),
  output: z.object({ known: z.boolean() }),
}, async ({ branch: name }) => ({ known: Object.hasOwn(BRANCHES, name) }));

const runLint = action({
  name: "run_lint",
  card: "Lint {branch}",
  description: "Run the linter on the branch.",
  input: z.object({ branch }),
  output: z.object({
    passed: z.boolean().describe("whether lint found nothing"),
    problems: z.string().describe("what lint found"),
  }),
}, async ({ branch: name }) => {
  calls.push({ tool: "run_lint", inputs: { branch: name } });
  const { lint } = stateOf(name);
  return { passed: lint.length === 0, problems: lint.join("; ") };
});

const runTests = action({
  name: "run_tests",
  card: "Run the tests of {branch}",
  description: "Run the test suite on the branch.",
  input: z.object({ branch }),
  output: z.object({
    passed: z.boolean().describe("whether every test passed"),
    total: z.number().int().describe("the number of tests run"),
    failed: z.string().describe("the tests that failed"),
  }),
}, async ({ branch: name }) => {
  calls.push({ tool: "run_tests", inputs: { branch: name } });
  const state = stateOf(name);
  return { passed: state.failing.length === 0, total: state.tests, failed: state.failing.join("; ") };
});

const build = action({
  name: "build",
  card: "Build {branch}",
  description: "Build the release artifact of the branch.",
  input: z.object({ branch }),
  output: z.object({ artifact: z.string().describe("the built artifact") }),
}, async ({ branch: name }, { idempotencyKey }) => {
  calls.push({ tool: "build", inputs: { branch: name } });
  stateOf(name);
  return { artifact: `${name}-${idempotencyKey.slice(0, 7)}.tar.gz` };
});

const assessRisk = lookup({
  name: "assess_risk",
  description: "The risk of deploying the build, from what its branch changes.",
  input: z.object({ branch, artifact: z.string().describe("the built artifact") }),
  output: z.object({
    score: z.number().int().describe("the risk score (0 to 100)"),
    level: z.enum(["low", "acceptable", "high"]).describe("the risk level"),
  }),
}, async ({ branch: name }) => riskOf(stateOf(name)));

const deploy = action({
  name: "deploy",
  card: "Deploy {artifact} to production",
  description: "Deploy the built artifact to production.",
  input: z.object({ artifact: z.string().describe("the artifact to deploy") }),
  output: z.object({ release: z.string().describe("the release id") }),
}, async ({ artifact }, { idempotencyKey }) => {
  calls.push({ tool: "deploy", inputs: { artifact } });
  return { release: `REL-${idempotencyKey.slice(0, 6).toUpperCase()}` };
});

export default [findBranch, runLint, runTests, build, assessRisk, deploy];
