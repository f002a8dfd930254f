/**
 * Hand-built Skill IR for tests that must not depend on the parser: a compact description in, the IR
 * with step ids ("3", "5.2") and dummy positions out.
 */
import type { Check, FieldDecl, Shape, Skill, Step, Template, ToolInfo, ToolParam } from "@skillflow/core";
import type { ValueType } from "@skillflow/core";

const pos = { line: 1, column: 1 };

export type StepSpec =
  | { say: string }
  | { ask: string; q: string; from?: string; widget?: string; checks?: Record<string, string> }
  | { do: string }
  | { confirm: string; q: string; by?: string; widget?: string }
  | { chat: string }
  | { when: string; steps: StepSpec[] }
  | { repeat: { for: string; in: string }; steps: StepSpec[] };

export interface ToolSpecIR {
  kind: "lookup" | "write";
  description?: string;
  params?: Array<string | Partial<ToolParam> & { name: string }>;
  output?: ValueType;
}

export function template(source: string): Template {
  const parts: Template["parts"] = [];
  const re = /\{([^}]*)\}/g;
  let last = 0;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    if (m.index > last) parts.push(source.slice(last, m.index));
    parts.push({ source: m[1]!, pos });
    last = m.index + m[0].length;
  }
  if (last < source.length) parts.push(source.slice(last));
  return { source, pos, parts };
}

let line = 0;

/** Each step gets its own line (in reading order), as the parser would give it. */
function step(spec: StepSpec, id: string): Step {
  const common = { id, pos: { line: ++line, column: 1 }, keys: {} };
  if ("say" in spec) return { ...common, kind: "say", text: template(spec.say) };
  if ("ask" in spec) {
    const checks: Check[] = Object.entries(spec.checks ?? {}).map(([c, message]) => ({ condition: { source: c, pos }, message, text: template(message) }));
    return { ...common, kind: "ask", field: spec.ask, fieldPos: pos, question: template(spec.q), checks,
      ...(spec.from ? { from: { source: spec.from, pos } } : {}), ...(spec.widget ? { widget: spec.widget } : {}) };
  }
  if ("do" in spec) return { ...common, kind: "do", tool: spec.do, toolPos: pos };
  if ("confirm" in spec) {
    return { ...common, kind: "confirm", confirm: spec.confirm, question: template(spec.q),
      ...(spec.by ? { by: spec.by } : {}), ...(spec.widget ? { widget: spec.widget } : {}) };
  }
  if ("chat" in spec) return { ...common, kind: "chat", instructions: spec.chat };
  if ("when" in spec) return { ...common, kind: "when", condition: { source: spec.when, pos }, steps: steps(spec.steps, `${id}.`) };
  return { ...common, kind: "repeat", item: spec.repeat.for, list: { source: spec.repeat.in, pos }, steps: steps(spec.steps, `${id}.`) };
}

export function steps(specs: StepSpec[], prefix = ""): Step[] {
  return specs.map((s, i) => step(s, `${prefix}${i + 1}`));
}

export function buildIR(spec: {
  name?: string; title?: string; description?: string; prose?: string;
  fields?: Record<string, Shape & { secret?: boolean; description?: string }>;
  tools?: Record<string, ToolSpecIR>;
  steps: StepSpec[];
}): Skill {
  line = 0;
  const fields: Record<string, FieldDecl> = {};
  for (const [name, { secret, description, ...shape }] of Object.entries(spec.fields ?? {})) {
    fields[name] = { name, shape: shape as Shape, secret: secret ?? false, declared: true, pos, ...(description ? { description } : {}) };
  }
  const tools: Record<string, ToolInfo> = {};
  for (const [name, t] of Object.entries(spec.tools ?? {})) {
    const params = (t.params ?? []).map((p) => (typeof p === "string"
      ? { name: p, type: { t: "dyn" } as ValueType, optional: false }
      : { type: { t: "dyn" } as ValueType, optional: false, ...p }));
    tools[name] = { name, kind: t.kind, params, output: t.output ?? { t: "object", fields: {} },
      ...(t.description ? { description: t.description } : {}) };
  }
  const name = spec.name ?? "test_skill";
  const built = steps(spec.steps);
  return {
    file: `${name}/SKILL.md`, name, description: spec.description ?? "A test skill.", prose: spec.prose ?? "",
    title: spec.title ?? name, fields, steps: built, tools, blocks: {},
  };
}
