/**
 * `loadSkill(path)`: a skill folder (or its SKILL.md) → checked Skill IR and runnable tools. The edge:
 * reads files and imports tools.ts, then hands text and tool descriptions to the pure parser and checks.
 * Tool sources in tools.ts (`mcpTools(…)`) are asked for their tools here (expand-tool-sources.ts).
 * `loadSkillText` does the same for SKILL.md text that is not on disk (an editor's unsaved buffer),
 * with tools.ts still imported from the folder, or taken from an earlier `importToolsBeside`.
 * Never throws for a bad skill: every problem comes back as a diagnostic.
 */
import { readFile } from "node:fs/promises";
import type { Diagnostic } from "../diagnostics.js";
import { checkNameIsFolder, namePosition } from "../format/agent-skills.js";
import { makeDiagnostic, reportInto } from "../format/diagnose.js";
import { allSteps } from "../format/parse-steps.js";
import { parseSkill } from "../format/parse-skill.js";
import type { Position, Skill } from "../format/ir.js";
import type { PartReader } from "../format/use-part.js";
import type { RunnableTool } from "../tools/runnable-tool.js";
import { finishSkill } from "./check-skill-text.js";
import { sayWhatWasSkipped } from "./check-without-tools.js";
import { readToolNames } from "./read-tool-names.js";
import { readToolSources } from "./read-tool-sources.js";
import { collectTools, type CollectedTools } from "./collect-tools.js";
import { expandToolSources } from "./expand-tool-sources.js";
import { DEFAULT_IMPORT_TIMEOUT_MS, findToolsFile, importTools } from "./import-tools.js";
import { partFiles } from "./read-part-files.js";
import { readSkillText, skillFileOf } from "./read-skill-file.js";

export interface LoadedSkill {
  /** The checked skill; absent when any diagnostic is an error (the skill does not load). */
  skill?: Skill;
  /** Its tools, ready for the runtime, by name. */
  tools: Record<string, RunnableTool>;
  /** Sorted by file, line and column; SKILL.md's and tools.ts's together. */
  diagnostics: Diagnostic[];
  /** The SKILL.md path (as given, or the folder joined with SKILL.md). */
  file: string;
}

export interface LoadOptions {
  /**
   * How long importing tools.ts may take (ms) before it is a `tools-timeout`, and each tool source in it
   * (an MCP server) before it is `mcp-unavailable`; default 10 s (see `importTimeoutOf`).
   */
  importTimeoutMs?: number;
  /**
   * Reads the part files `use:` names (`partFiles()`); one per load when absent. A host loading several
   * skills passes one, so a part they share is read once.
   */
  parts?: PartReader;
}

/** What tools.ts beside a SKILL.md gave: its path (absent when there is none) and its tools. */
export interface ToolsBeside {
  toolsFile?: string;
  collected: CollectedTools;
  /**
   * tools.ts could not be imported and `collected.infos` are its tools read from its text, by name and
   * kind only (read-tool-names.ts): the skill is checked against them, less what needs their types.
   */
  byName?: true;
  /** With `byName`: an MCP server in tools.ts has tools whose names only it knows (read-tool-names.ts). */
  openNames?: true;
}

export interface TextLoadOptions extends LoadOptions {
  /** tools.ts as imported earlier (an editor keeps it until the file changes); imported afresh when absent. */
  tools?: ToolsBeside;
}

export async function loadSkill(path: string, options: TextLoadOptions = {}): Promise<LoadedSkill> {
  const file = await skillFileOf(path);
  const read = await readSkillText(file);
  if (read.text === undefined) return { tools: {}, diagnostics: read.diagnostics, file };
  return loadSkillText(file, read.text, options);
}

/** Check SKILL.md `text` as if it were `file` (a SKILL.md path), with the tools.ts beside that file. */
export async function loadSkillText(file: string, text: string, options: TextLoadOptions = {}): Promise<LoadedSkill> {
  const parsed = parseSkill(text, file, { parts: options.parts ?? partFiles() });
  if (parsed.skill?.name) checkNameIsFolder(parsed.skill.name, file, namePosition(text), reportInto(parsed.diagnostics, file));
  const beside = parsed.skill ? options.tools ?? await importToolsBeside(file, options) : undefined;
  const tools = parsed.skill ? toolsFor(file, parsed.skill, beside!) : emptyTools();
  const checked = finishSkill(parsed, tools.infos, tools.diagnostics, beside?.byName !== true ? false : beside.openNames ? "open" : true);
  return { ...(checked.skill && { skill: checked.skill }), tools: tools.runnables, diagnostics: checked.diagnostics, file };
}

function emptyTools(diagnostics: Diagnostic[] = []): CollectedTools {
  return { infos: {}, runnables: {}, diagnostics };
}

/** Import the tools file beside the SKILL.md `skillFile`, if there is one. */
export async function importToolsBeside(skillFile: string, options: LoadOptions = {}): Promise<ToolsBeside> {
  const toolsFile = await findToolsFile(skillFile);
  if (!toolsFile) return { collected: emptyTools() };
  const source = await readFile(toolsFile, "utf8").catch(() => "");
  const imported = await importTools(toolsFile, source, options.importTimeoutMs);
  if (imported.diagnostic) return withoutImport(toolsFile, await readToolSources(toolsFile, source), imported.diagnostic);
  const expanded = await expandToolSources(imported.module, toolsFile, source, options.importTimeoutMs ?? DEFAULT_IMPORT_TIMEOUT_MS);
  const collected = collectTools(expanded.module, toolsFile, source);
  return { toolsFile, collected: { ...collected, diagnostics: [...expanded.diagnostics, ...collected.diagnostics] } };
}

/**
 * tools.ts did not import. When what it lacks is a package (not installed where the skill is), its tools
 * are read from its text by name and kind, so the checks that need no more still run; the error says
 * what was skipped and how to make it run. Any other failure (a syntax error, a throw) is reported alone.
 */
function withoutImport(toolsFile: string, sources: string[], diagnostic: Diagnostic): ToolsBeside {
  const missing = /^tools\.ts imports `([^`]+)`, which cannot be found\.$/.exec(diagnostic.reason)?.[1];
  if (missing === undefined) return { toolsFile, collected: emptyTools([diagnostic]) };
  const named = readToolNames(sources.join("\n"));
  const read = named === undefined ? false : named.open ? "open" : true;
  const said = sayWhatWasSkipped(diagnostic, read, missing.startsWith(".") ? undefined : packageOf(missing));
  const collected = { infos: named?.tools ?? {}, runnables: {}, diagnostics: [said] };
  return { toolsFile, collected, ...(named && { byName: true as const }), ...(named?.open && { openNames: true as const }) };
}

/** The package a bare import names (`@scope/name/sub` → `@scope/name`, `zod/v4` → `zod`). Pure. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** The skill's tools; without a tools file, a complaint only if the skill uses tools. */
function toolsFor(skillFile: string, skill: Skill, beside: ToolsBeside): CollectedTools {
  if (beside.toolsFile) return beside.collected;
  const use = firstToolUse(skill);
  if (!use) return emptyTools();
  const reason = `This skill uses the tool \`${use.tool}\`, but there is no tools.ts beside SKILL.md.`;
  return emptyTools([makeDiagnostic(skillFile, "tools-missing", use.pos, reason, "Create tools.ts next to SKILL.md, exporting its tools as `export default [ … ]`.")]);
}

/** The first place the skill names a tool: a `do:`, a `lookup:` shape or a `from:` list. */
function firstToolUse(skill: Skill): { tool: string; pos: Position } | undefined {
  const uses: Array<{ tool: string; pos: Position }> = [];
  for (const field of Object.values(skill.fields)) {
    if (field.shape.kind === "lookup") uses.push({ tool: field.shape.tool, pos: field.shape.toolPos });
  }
  for (const step of allSteps(skill.steps)) {
    if (step.kind === "do" || step.kind === "handoff") uses.push({ tool: step.tool, pos: step.toolPos });
    if (step.kind === "ask" && step.from) uses.push({ tool: step.from.source.split(".")[0]!, pos: step.from.pos }); // split returns at least one piece
  }
  return uses.sort((a, b) => a.pos.line - b.pos.line || a.pos.column - b.pos.column)[0];
}
