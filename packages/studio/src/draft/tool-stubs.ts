/**
 * Tool stubs for a draft with no tools.ts: the model proposes its tools as data (YAML: name, kind,
 * description, input and output as small type maps), never as code. From that one proposal come both
 * the tools.ts text written for the person (`lookup()`/`action()` with zod schemas, each throwing "not
 * implemented") and the same tools built in memory with zod, read by the loader's own `collectTools` —
 * so the check sees exactly what loading the written tools.ts gives, and no text the model wrote is run.
 *
 * Types: `string`, `number`, `integer`, `boolean`, a mapping (an object), a one-item list (a list of it);
 * a key ending in `?` is optional. Pure.
 */
import { action, lookup, type Diagnostic } from "@skillflow/core";
import { z } from "zod";
import { isMap, isSeq, parseDocument, type Node } from "yaml";

export type StubType = { t: "string" | "number" | "integer" | "boolean" } | { t: "list"; of: StubType } | { t: "object"; fields: Array<{ name: string; optional: boolean; type: StubType }> };

export interface ProposedTool {
  name: string;
  kind: "lookup" | "write";
  description?: string;
  /** A write's card words (`Save the note {note}`): what its confirmation card reads, its inputs as holes. */
  card?: string;
  input: Extract<StubType, { t: "object" }>;
  output: StubType;
}

export interface ReadStubs {
  tools: ProposedTool[];
  /** Problems of the proposal, located in its YAML (file `tools (proposed)`). */
  problems: Diagnostic[];
}

export const STUBS_FILE = "tools (proposed)";
const SCALARS = new Set(["string", "number", "integer", "boolean"]);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Read the model's tools proposal (YAML text; none proposed is no tools). */
export function readToolStubs(yamlText: string): ReadStubs {
  const problems: Diagnostic[] = [];
  if (!yamlText.trim()) return { tools: [], problems };
  const doc = parseDocument(yamlText);
  const lineOf = (node: Node | null | undefined) => (node?.range ? yamlText.slice(0, node.range[0]).split("\n").length : 1);
  // `tools-shape`: the loader's rule for "this is not a tool", located in the proposal.
  const problem = (node: Node | null | undefined, reason: string, fix: string) =>
    problems.push({ file: STUBS_FILE, line: lineOf(node), column: 1, ruleId: "tools-shape", severity: "error", reason, fix });
  if (doc.errors.length > 0) {
    problem(null, `The tools proposal is not valid YAML: ${doc.errors[0]!.message.split("\n")[0]}`, "Write the tools as a YAML list of { name, kind, description, input, output }.");
    return { tools: [], problems };
  }
  if (!isSeq(doc.contents)) {
    problem(doc.contents as Node, "The tools proposal is not a list.", "Write the tools as a YAML list of { name, kind, description, input, output }.");
    return { tools: [], problems };
  }
  const tools: ProposedTool[] = [];
  for (const item of doc.contents.items) {
    const value = (isMap(item) ? item.toJSON() : undefined) as Record<string, unknown> | undefined;
    const name = value?.name;
    if (!value || typeof name !== "string" || !NAME.test(name)) {
      problem(item as Node, "A proposed tool has no usable `name` (letters, digits and `_`).", "Give each tool a `name:` such as `find_order`.");
      continue;
    }
    if (value.kind !== "lookup" && value.kind !== "write") {
      problem(item as Node, `Tool \`${name}\` has kind ${JSON.stringify(value.kind)}.`, "Use `kind: lookup` for a read-only tool and `kind: write` for one that changes something.");
      continue;
    }
    const input = typeOf(value.input ?? {}, `${name}'s input`, (reason) => problem(item as Node, reason, "Use string, number, integer, boolean, a mapping or a one-item list."));
    const output = typeOf(value.output ?? {}, `${name}'s output`, (reason) => problem(item as Node, reason, "Use string, number, integer, boolean, a mapping or a one-item list."));
    if (!input || !output) continue;
    if (input.t !== "object") {
      problem(item as Node, `Tool \`${name}\`'s input is not a mapping of named inputs.`, "Write `input:` as a mapping, such as `{ order_id: string }`.");
      continue;
    }
    tools.push({
      name, kind: value.kind, ...(typeof value.description === "string" ? { description: value.description } : {}),
      ...(value.kind === "write" && typeof value.card === "string" ? { card: value.card } : {}), input, output,
    });
  }
  return { tools, problems };
}

function typeOf(value: unknown, where: string, fail: (reason: string) => void): StubType | undefined {
  if (typeof value === "string" && SCALARS.has(value)) return { t: value as "string" };
  if (Array.isArray(value) && value.length === 1) {
    const of = typeOf(value[0], where, fail);
    return of && { t: "list", of };
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const fields: Array<{ name: string; optional: boolean; type: StubType }> = [];
    for (const [key, inner] of Object.entries(value)) {
      const name = key.replace(/\?$/, "");
      if (!NAME.test(name)) return void fail(`${where} has a key \`${key}\` that is not a plain name.`);
      const type = typeOf(inner, where, fail);
      if (!type) return undefined;
      fields.push({ name, optional: key.endsWith("?"), type });
    }
    return { t: "object", fields };
  }
  return void fail(`${where} has the type ${JSON.stringify(value)}, which is not one of string, number, integer, boolean, a mapping or a one-item list.`);
}

/** The zod schema of a type. */
function zodOf(type: StubType): z.ZodType {
  switch (type.t) {
    case "string": return z.string();
    case "number": return z.number();
    case "integer": return z.number().int();
    case "boolean": return z.boolean();
    case "list": return z.array(zodOf(type.of));
    case "object": return z.object(Object.fromEntries(type.fields.map((f) => [f.name, f.optional ? zodOf(f.type).optional() : zodOf(f.type)])));
  }
}

/** The zod code of a type, as tools.ts writes it. */
function zodCode(type: StubType): string {
  switch (type.t) {
    case "string": return "z.string()";
    case "number": return "z.number()";
    case "integer": return "z.number().int()";
    case "boolean": return "z.boolean()";
    case "list": return `z.array(${zodCode(type.of)})`;
    case "object": return `z.object({ ${type.fields.map((f) => `${f.name}: ${zodCode(f.type)}${f.optional ? ".optional()" : ""}`).join(", ")} })`;
  }
}

const notImplemented = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not implemented yet: write it in tools.ts.`);
};

/** The proposed tools as a tools.ts module in memory (the shape `collectTools` reads). */
export function stubModule(tools: readonly ProposedTool[]): { default: unknown[] } {
  return {
    default: tools.map((tool) => {
      const spec = {
        name: tool.name, ...(tool.description ? { description: tool.description } : {}), ...(tool.card ? { card: tool.card } : {}),
        input: zodOf(tool.input) as z.ZodObject, output: zodOf(tool.output),
      };
      return tool.kind === "lookup" ? lookup(spec, notImplemented(tool.name)) : action(spec, notImplemented(tool.name));
    }),
  };
}

/** The tools.ts text for the proposed tools: typed stubs that throw until they are written. */
export function stubSource(tools: readonly ProposedTool[], sentence: string): string {
  const used = [...new Set(tools.map((t) => (t.kind === "lookup" ? "lookup" : "action")))].sort();
  const items = tools.map((tool) => {
    const make = tool.kind === "lookup" ? "lookup" : "action";
    return [
      `  ${make}({`,
      `    name: ${JSON.stringify(tool.name)},`,
      ...(tool.description ? [`    description: ${JSON.stringify(tool.description)},`] : []),
      ...(tool.card ? [`    card: ${JSON.stringify(tool.card)},`] : []),
      `    input: ${zodCode(tool.input)},`,
      `    output: ${zodCode(tool.output)},`,
      `  }, async () => notImplemented(${JSON.stringify(tool.name)})),`,
    ].join("\n");
  });
  return [
    `// Tool stubs drafted by \`flow draft\` for: ${sentence.replace(/\s+/g, " ").trim()}`,
    "// Each one throws until it is written: replace its body with the real call.",
    'import { z } from "zod";',
    `import { ${used.join(", ")} } from "@skillflow/core";`,
    "",
    "function notImplemented(name: string): never {",
    "  throw new Error(`${name} is not implemented yet: write it in tools.ts.`);",
    "}",
    "",
    "export default [",
    ...items,
    "];",
    "",
  ].join("\n");
}
