/**
 * Tool sources in tools.ts (`mcpTools(…)`): each is asked for its tools, which take its place in the
 * default export, and whatever it could not give (a server that does not start, a tool it lacks) becomes
 * a diagnostic located at its call in tools.ts. The edge: a source talks to the outside world.
 * Sources are listed one after the other, in the order written, so their diagnostics are stable.
 */
import type { Diagnostic } from "../diagnostics.js";
import { makeDiagnostic } from "../format/diagnose.js";
import type { Position } from "../format/ir.js";
import { isToolSource, type ToolSource, type ToolSourceProblem } from "../tools/tool-source.js";
import { exportPosition, literal, positionOf } from "./locate-in-source.js";
import { settleWithin, TIMED_OUT } from "./settle-within.js";

export interface ExpandedTools {
  /** The module with each source replaced by its tools (the module itself when it has no source). */
  module: unknown;
  diagnostics: Diagnostic[];
}

/** Replace every tool source of tools.ts's default export by the tools it lists. */
export async function expandToolSources(module: unknown, file: string, source: string, timeoutMs: number): Promise<ExpandedTools> {
  const exported = (module as { default?: unknown } | null)?.default;
  if (!Array.isArray(exported) || !exported.some(isToolSource)) return { module, diagnostics: [] };
  const items: unknown[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, number>();
  for (const item of exported) {
    if (!isToolSource(item)) {
      items.push(item);
      continue;
    }
    seen.set(item.call, (seen.get(item.call) ?? 0) + 1);
    const at = positionOf(source, literal(item.call), seen.get(item.call)!) ?? exportPosition(source);
    const listing = await listWithin(item, timeoutMs);
    items.push(...listing.tools);
    for (const problem of listing.problems) diagnostics.push(diagnosticOf(problem, file, source, at));
  }
  return { module: { ...(module as object), default: items }, diagnostics };
}

/** The source's listing; a source that rejects or never answers is reported as unavailable. */
async function listWithin(item: ToolSource, ms: number): Promise<{ tools: unknown[]; problems: ToolSourceProblem[] }> {
  const fail = (reason: string): { tools: unknown[]; problems: ToolSourceProblem[] } => ({
    tools: [],
    problems: [{ ruleId: "mcp-unavailable", reason, fix: "Check the server's command or URL, and that it starts on its own." }],
  });
  try {
    const listing = await settleWithin(item.listTools(), ms);
    if (listing === TIMED_OUT) return fail(`\`${item.call}…)\` did not list its tools within ${Math.round(ms / 100) / 10} s.`);
    return listing;
  } catch (error) {
    return fail(`\`${item.call}…)\` failed: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}.`);
  }
}

function diagnosticOf(problem: ToolSourceProblem, file: string, source: string, at: Position): Diagnostic {
  const quoted = problem.near === undefined ? undefined : new RegExp(`["'\`]${literal(problem.near).source}["'\`]`);
  const near = quoted && positionOf(source, quoted, 1, at);
  return makeDiagnostic(file, problem.ruleId, near ?? at, problem.reason, problem.fix);
}
