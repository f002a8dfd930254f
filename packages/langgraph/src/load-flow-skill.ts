/**
 * Resolving `createFlow`'s `skill` and `tools` options: a loaded skill with its tools, or a path loaded
 * with the edge loader (imported only when a path is given). A skill that does not load is an error
 * listing its diagnostics, one located line each.
 */
import { isLangChainTool, ownValue, runnableTool, type Diagnostic, type LangChainToolLike, type PartReader, type Skill } from "@skillflow/core";
import { resolve } from "node:path";
import type { HostTool } from "./run-tool.js";

/** The skill at a path did not load. */
export class FlowLoadError extends Error {
  override name = "FlowLoadError";
  constructor(
    readonly path: string,
    readonly diagnostics: Diagnostic[],
  ) {
    super(`The skill at ${path} did not load:\n${diagnostics.map(formatDiagnostic).join("\n")}`);
  }
}

export interface LoadedFlowSkill {
  skill: Skill;
  tools: Record<string, HostTool>;
}

/**
 * Load a skill from a folder or SKILL.md path, or take a loaded one; `tools` add to or replace its tools.
 * `importTimeoutMs` limits importing its tools.ts (the loader's default otherwise).
 */
export async function loadFlowSkill(skill: Skill | string, tools?: Record<string, FlowTool> | FlowTool[], options: { importTimeoutMs?: number; parts?: PartReader } = {}): Promise<LoadedFlowSkill> {
  const extra = toolRecord(tools);
  if (typeof skill !== "string") return { skill, tools: withEveryTool(skill, extra) };
  const { loadSkill } = await import("@skillflow/core/loader");
  const loaded = await loadSkill(resolve(skill), {
    ...(options.importTimeoutMs !== undefined && { importTimeoutMs: options.importTimeoutMs }),
    ...(options.parts && { parts: options.parts }),
  });
  if (!loaded.skill) throw new FlowLoadError(skill, loaded.diagnostics);
  return { skill: loaded.skill, tools: { ...(loaded.tools as Record<string, HostTool>), ...extra } };
}

/** The tools, checked to cover every tool the skill names (a loaded Skill comes without its functions). */
function withEveryTool(skill: Skill, tools: Record<string, HostTool>): Record<string, HostTool> {
  const missing = Object.keys(skill.tools).filter((name) => !ownValue(tools, name));
  if (missing.length) throw new Error(`createFlow: no function given for the tool${missing.length > 1 ? "s" : ""} ${missing.join(", ")}; pass them in \`tools\`.`);
  return tools;
}

/** A tool `createFlow` accepts: a runnable tool, a `lookup()`/`action()` definition, or a LangChain tool. */
export type FlowTool = HostTool | LangChainToolLike;

/** Tools keyed by name, from either a record or a list; LangChain tools adapted. Pure. */
export function toolRecord(tools?: Record<string, FlowTool> | FlowTool[]): Record<string, HostTool> {
  if (!tools) return {};
  const list = Array.isArray(tools) ? tools : Object.values(tools);
  return Object.fromEntries(list.map((tool) => [tool.name, isLangChainTool(tool) ? runnableTool(tool) : (tool as HostTool)]));
}

function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}: ${d.reason}${d.fix ? ` ${d.fix}` : ""}`;
}
