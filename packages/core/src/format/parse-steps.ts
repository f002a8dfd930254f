/**
 * The Steps block: a list of steps, nested under `when`/`repeat` via `steps:`. Step ids are 1-based
 * paths in the tree ("3", "5.2"), counted over the list as written, so an id stays stable even when a
 * step before it fails to parse. Pure.
 */
import { isScalar } from "yaml";
import type { NumberFrom, StepContext } from "./build-step.js";
import { parseStep } from "./parse-step.js";
import type { BlockContext } from "./yaml-block.js";
import { asSeq, describeNode } from "./yaml-node.js";
import type { FieldDecl, Step } from "./ir.js";
import { everyChildStepOf } from "./child-steps.js";
import { ownValue } from "../own-value.js";

/** The steps a `use:` item brings, and how many step numbers they take (the part's top-level count). */
export interface Spliced {
  steps: Step[];
  count: number;
}

/** Splices `item` when it is a `use:` step (undefined otherwise); `offset` steps come before it in its list. */
export type UseHook = (item: unknown, parentId: string, offset: number) => Spliced | undefined;

/** Parse the Steps block's document contents. */
export function parseSteps(contents: unknown, ctx: BlockContext): Step[] {
  return parseStepList(contents, ctx).steps;
}

/**
 * Parse the Steps block's document contents, splicing in the parts its `use:` steps name (`use`, from
 * use-part.ts); `count` is how many step numbers the top-level list takes.
 */
export function parseStepList(contents: unknown, ctx: BlockContext, use?: UseHook): { steps: Step[]; count: number; moved: Record<string, string> } {
  if (contents === null || contents === undefined || (isScalar(contents) && contents.value === null)) {
    ctx.report("missing-steps", ctx.pos(contents), "The Steps block has no steps.", 'Write the steps as a YAML list, starting with a line like `- say: "Hello."`.');
    return { steps: [], count: 0, moved: {} };
  }
  const seq = asSeq(contents);
  if (!seq) {
    ctx.report("invalid-block", ctx.pos(contents), `The Steps block is ${describeNode(contents)}, not a list of steps.`, "Start each step with `- `, like `- ask: { nights: \"How many nights?\" }`.");
    ctx.lost();
    return { steps: [], count: 0, moved: {} };
  }
  const ids: Ids = { written: new Map(), moved: {} };
  const stepCtx: StepContext = { ...ctx, children: (node, parentId, from) => parseList(node, parentId, stepCtx, use, ids, from).steps };
  return { ...parseList(seq, "", stepCtx, use, ids), moved: ids.moved };
}

/** Each step's id as written (its place in the block) beside its id after the parts' steps: an editor's cursor finds steps by the first. */
interface Ids {
  /** Composed id → id as written. */
  written: Map<string, string>;
  /** Id as written → composed id, for the steps a `use:` above them moved. */
  moved: Record<string, string>;
}

/**
 * A list of steps; a `use:` item's steps are numbered in its place, and the items after it move on by their
 * count. `from` (a switch's later branch) numbers on after the earlier branches, and is moved past this list.
 */
function parseList(node: unknown, parentId: string, ctx: StepContext, use: UseHook | undefined, ids: Ids, from?: NumberFrom): { steps: Step[]; count: number } {
  const steps: Step[] = [];
  const parentWritten = ids.written.get(parentId) ?? parentId;
  const start = from ?? { number: 0, written: 0 };
  let number = start.number;
  for (const [index, item] of (asSeq(node)?.items ?? []).entries()) {
    const spliced = use?.(item, parentId, number);
    if (spliced) {
      steps.push(...spliced.steps);
      number += spliced.count;
      continue;
    }
    number += 1;
    const id = parentId ? `${parentId}.${number}` : String(number);
    const written = parentWritten ? `${parentWritten}.${start.written + index + 1}` : String(start.written + index + 1);
    ids.written.set(id, written);
    if (written !== id) ids.moved[written] = id;
    const step = parseStep(item, id, ctx);
    if (step) steps.push(step);
    else ctx.lost();
  }
  start.written += asSeq(node)?.items.length ?? 0;
  start.number = number;
  return { steps, count: number };
}

/** Every step in the tree, parents before their children, in file order. */
export function allSteps(steps: readonly Step[]): Step[] {
  return steps.flatMap((step) => [step, ...allSteps(everyChildStepOf(step))]);
}

export { exhaustedOf } from "./child-steps.js";

/**
 * Fields that exist only because an ask picks them `from:` a list: added as undeclared `pick` fields
 * (the first such ask decides). Declared fields are left as declared.
 */
export function addPickFields(fields: Record<string, FieldDecl>, steps: readonly Step[]): void {
  for (const step of allSteps(steps)) {
    if (step.kind !== "ask" || !step.from || ownValue(fields, step.field)) continue;
    fields[step.field] = {
      name: step.field,
      shape: step.many ? { kind: "pick", from: step.from, many: true } : { kind: "pick", from: step.from },
      secret: false,
      declared: false,
      pos: step.fieldPos,
    };
  }
}

/**
 * Each ask of a field with `default:` carries the default (`AskStep.default`), so the checks read it
 * where it is read: at the ask, before the answer. Every list of steps nested in a step is searched
 * (`steps:`, and any other key holding steps, or a mapping of them), so a kind that nests steps another
 * way is covered too. Edits the steps it is given (the parser's own).
 */
export function carryDefaults(fields: Readonly<Record<string, FieldDecl>>, steps: readonly Step[]): void {
  for (const step of steps) {
    const value = step.kind === "ask" ? ownValue(fields, step.field)?.default : undefined;
    if (step.kind === "ask" && value) step.default = value;
    for (const nested of Object.values(step)) for (const inner of nestedSteps(nested)) carryDefaults(fields, inner);
  }
}

/** The lists of steps a step's value holds: a list of steps, or a mapping whose values are lists of steps. */
function nestedSteps(value: unknown): Step[][] {
  const isSteps = (v: unknown): v is Step[] => Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === "object" && s !== null && "kind" in s && "id" in s);
  if (isSteps(value)) return [value];
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  return Object.values(value).filter(isSteps);
}
