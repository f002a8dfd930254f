/**
 * `draftSkill`: a skill drafted from one sentence. The model writes SKILL.md (and, when no tools.ts is
 * given, proposes its tools as data); the loader checks it exactly as `flow check` would; the located
 * diagnostics go back to the model for the next round, at most `rounds` times (default 3). The model's
 * only power is to propose text: whether a draft passes is the loader's verdict, and the caller saves
 * only a draft that passes.
 */
import { basename, dirname, isAbsolute, join, relative } from "node:path";
import { agentSkillsNameProblem, type Diagnostic } from "@skillflow/core";
import { collectTools, loadSkillText, type ToolsBeside } from "@skillflow/core/loader";
import type { ModelUsage } from "../langgraph-port.js";
import type { DraftModel } from "./draft-model.js";
import { draftPrompt } from "./draft-prompt.js";
import { readDraftReply } from "./read-draft-reply.js";
import { readToolStubs, stubModule, stubSource } from "./tool-stubs.js";

export const DEFAULT_ROUNDS = 3;

export interface DraftOptions {
  sentence: string;
  model: DraftModel;
  /** The SKILL.md the draft is for: its folder names files in diagnostics and holds tools.ts. */
  file: string;
  /** tools.ts as imported; absent: the model proposes typed stubs. */
  tools?: ToolsBeside | undefined;
  rounds?: number | undefined;
}

export interface DraftRound {
  round: number;
  /** The SKILL.md the model wrote. */
  skill: string;
  /** The proposed tools: the model's YAML and the tools.ts written from it (drafts without tools.ts). */
  tools?: { proposal: string; source: string };
  /** The loader's verdict, `file` relative to the skill folder. */
  diagnostics: Diagnostic[];
  passes: boolean;
  usage: ModelUsage;
}

export interface DraftResult {
  passes: boolean;
  rounds: DraftRound[];
  /** The passing round, or the last one. */
  last: DraftRound;
  model: string;
}

export async function draftSkill(options: DraftOptions): Promise<DraftResult> {
  const rounds: DraftRound[] = [];
  const limit = Math.max(1, options.rounds ?? DEFAULT_ROUNDS);
  const name = folderName(options.file);
  for (let round = 1; round <= limit; round++) {
    const previous = rounds[rounds.length - 1];
    const prompt = draftPrompt({
      sentence: options.sentence,
      ...(name && { name }),
      ...(options.tools && { tools: options.tools.collected.infos }),
      ...(previous && { previous: { skill: previous.skill, ...(previous.tools && { tools: previous.tools.proposal }), diagnostics: previous.diagnostics } }),
    });
    const reply = await options.model.write(prompt);
    const read = readDraftReply(reply.text);
    const checked = await checkDraft(options, read.skill, read.tools);
    rounds.push({ round, skill: read.skill, ...(checked.tools && { tools: checked.tools }), diagnostics: checked.diagnostics, passes: checked.passes, usage: reply.usage });
    if (checked.passes) break;
  }
  const last = rounds[rounds.length - 1]!;
  return { passes: last.passes, rounds, last, model: options.model.id };
}

/** The folder's name, when it can be an Agent Skills name (else the model chooses one). */
function folderName(file: string): string | undefined {
  const name = basename(dirname(file));
  return agentSkillsNameProblem(name) ? undefined : name;
}

async function checkDraft(options: DraftOptions, skill: string, proposal: string | undefined) {
  const folder = dirname(options.file);
  const tools = options.tools ? { beside: options.tools, problems: [] as Diagnostic[], source: undefined } : stubTools(folder, proposal ?? "", options.sentence);
  const loaded = await loadSkillText(options.file, skill, { tools: tools.beside });
  const diagnostics = [...tools.problems, ...loaded.diagnostics].map((d) => (isAbsolute(d.file) ? { ...d, file: relative(folder, d.file) || d.file } : d));
  const passes = loaded.skill !== undefined && !diagnostics.some((d) => d.severity === "error");
  return { diagnostics, passes, ...(tools.source !== undefined && { tools: { proposal: proposal ?? "", source: tools.source } }) };
}

/** The proposed tools as the loader would read the tools.ts written from them (no code of the model runs). */
function stubTools(folder: string, proposal: string, sentence: string): { beside: ToolsBeside; problems: Diagnostic[]; source: string } {
  const read = readToolStubs(proposal);
  const source = stubSource(read.tools, sentence);
  const toolsFile = join(folder, "tools.ts");
  return { beside: { toolsFile, collected: collectTools(stubModule(read.tools), toolsFile, source) }, problems: read.problems, source };
}
