/**
 * The retail skills as they are at run time: every folder of skills/retail/ holding a SKILL.md, loaded
 * with its tools.ts (folders whose tools.ts reads the same are imported once). A skill that does not
 * load is left out and named with its first error, so a half-written skill never hides a task's cause.
 * Also which skill writes which tool (a hand-off tool counts: the skill whose `handoff:` step names it),
 * and how a write's inputs are bound to the skill's fields: to a
 * plain field, or to a property of each record a `repeat … as:` gathered (`changes.map(c, c.new_item_id)`).
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { importToolsBeside, loadSkill, type ToolsBeside } from "@skillflow/core/loader";
import type { DoStep, Expr, Skill, Step } from "@skillflow/core";

export const RETAIL_SKILLS_DIR = fileURLToPath(new URL("../../skills/retail/", import.meta.url));

export interface RetailSkills {
  skills: Skill[];
  /** Skills that did not load, each with its first error. */
  broken: string[];
  /** Write tool (or hand-off tool) → the skills that call it (a `do:` of the write, a `handoff:` step naming it). */
  writers: Map<string, string[]>;
  /** Skill → tool → input → the field it is bound from (its own name unless a `with:` says otherwise). */
  bindings: Map<string, Map<string, Record<string, string>>>;
  /** Skill → tool → input → the path in each gathered record it takes (`["new_item_id"]`, `["line", "item_id"]`). */
  gathered: Map<string, Map<string, Record<string, string[]>>>;
  /** Skill → tool → each `do:` of it, with the `when` conditions above it (branch-choice.ts). */
  routes: Map<string, Map<string, Route[]>>;
}

/** One `do:` of a write: the conditions of the `when`s it sits in, outermost first, and its `with:`. */
export interface Route {
  conditions: Expr[];
  with: NonNullable<DoStep["with"]>;
}

export async function loadRetailSkills(dir: string = RETAIL_SKILLS_DIR): Promise<RetailSkills> {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "SKILL.md"))).map((e) => e.name).sort();
  const imported = new Map<string, Promise<ToolsBeside>>();
  const result: RetailSkills = { skills: [], broken: [], writers: new Map(), bindings: new Map(), gathered: new Map(), routes: new Map() };
  for (const folder of folders) {
    const file = join(dir, folder, "SKILL.md");
    const toolsText = readIfThere(join(dir, folder, "tools.ts"));
    if (!imported.has(toolsText)) imported.set(toolsText, importToolsBeside(file));
    const loaded = await loadSkill(file, { tools: await imported.get(toolsText)! });
    if (!loaded.skill) {
      const first = loaded.diagnostics.find((d) => d.severity === "error") ?? loaded.diagnostics[0];
      result.broken.push(`${folder}: ${first ? `${first.ruleId}: ${first.reason}` : "does not load"}`);
      continue;
    }
    result.skills.push(loaded.skill);
    indexWrites(loaded.skill, result);
  }
  return result;
}

function readIfThere(path: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

function indexWrites(skill: Skill, into: RetailSkills): void {
  const bound = new Map<string, Record<string, string>>();
  const gathered = new Map<string, Record<string, string[]>>();
  const routes = new Map<string, Route[]>();
  for (const { step, conditions } of walk(skill.steps, [])) {
    // A write of a `do:`, or the hand-off tool a `handoff:` step names (run once, with no yes).
    if (step.kind !== "handoff" && (step.kind !== "do" || skill.tools[step.tool]?.kind !== "write")) continue;
    routes.set(step.tool, [...(routes.get(step.tool) ?? []), { conditions, with: step.with ?? [] }]);
    into.writers.set(step.tool, [...(into.writers.get(step.tool) ?? []), skill.name]);
    const { plain, paths } = withBindings(step);
    bound.set(step.tool, { ...bound.get(step.tool), ...plain });
    gathered.set(step.tool, { ...gathered.get(step.tool), ...paths });
  }
  into.bindings.set(skill.name, bound);
  into.gathered.set(skill.name, gathered);
  into.routes.set(skill.name, routes);
}

/** A gathered list mapped to one property path of its records: `changes.map(c, c.line.item_id)`. */
const MAPPED = /^[A-Za-z_]\w*\.map\(\s*([A-Za-z_]\w*)\s*,\s*\1((?:\.[A-Za-z_]\w*)+)\s*\)$/;

/**
 * `with:` on a do step: input → field for the inputs bound to a plain field (`zip: new_zip`), and
 * input → path for those bound to one property of every record of a gathered list.
 */
function withBindings(step: Step): { plain: Record<string, string>; paths: Record<string, string[]> } {
  const given = (step as { with?: Array<{ input: string; value: { source: string } }> }).with;
  const plain: Record<string, string> = {};
  const paths: Record<string, string[]> = {};
  for (const { input, value } of Array.isArray(given) ? given : []) {
    const source = value?.source?.trim() ?? "";
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(source)) plain[input] = source;
    const mapped = MAPPED.exec(source);
    if (mapped) paths[input] = mapped[2]!.slice(1).split(".");
  }
  return { plain, paths };
}

function* walk(steps: readonly Step[], conditions: Expr[]): Generator<{ step: Step; conditions: Expr[] }> {
  for (const step of steps) {
    yield { step, conditions };
    if (step.kind === "when") yield* walk(step.steps, [...conditions, step.condition]);
    if (step.kind === "repeat") yield* walk(step.steps, conditions);
  }
}
