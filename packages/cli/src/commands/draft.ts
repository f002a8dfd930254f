/**
 * `flow draft "SENTENCE" [--tools FILE | -o DIR] [--model M] [--rounds N] [--force]`: draft a skill from
 * one sentence. The model proposes text; the loader decides. See studio/run-draft.ts and docs/studio.md.
 *
 * Exit codes: 0 a draft passed and was written, 1 no draft passed in N rounds (nothing written), 2 a
 * wrong command line or no usable model (no key).
 */
import type { Command } from "commander";
import { runDraft, type DraftCliOptions } from "../studio/run-draft.js";
import type { CommandContext } from "./registry.js";

export function register(program: Command, context: CommandContext): void {
  program
    .command("draft")
    .description("draft a skill from a sentence: the model writes SKILL.md, the loader checks it, diagnostics go back for N rounds")
    .argument("<sentence>", "what the skill should do, in one sentence")
    .option("--tools <file>", "the skill's tools.ts: the draft uses its tools and is written beside it")
    .option("-o, --out <dir>", "without --tools: the folder to write SKILL.md and typed tool stubs in")
    .option("--model <model>", "gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name> (default gemini with GOOGLE_API_KEY)")
    .option("--rounds <n>", "at most this many drafts (default 3)")
    .option("--force", "replace an existing SKILL.md (and tools.ts)")
    .action(async (sentence: string, options: DraftCliOptions) => {
      context.setExitCode(await runDraft(sentence, options, context.io));
    });
}
