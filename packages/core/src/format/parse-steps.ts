/**
 * The Steps block: a list of steps, nested under `when`/`repeat` via `steps:`. Step ids are 1-based
 * paths in the tree ("3", "5.2"), counted over the list as written, so an id stays stable even when a
 * step before it fails to parse. Pure.
 */
import { isScalar } from "yaml";
import type { StepContext } from "./build-step.js";
import { parseStep } from "./parse-step.js";
import type { BlockContext } from "./yaml-block.js";
import { asSeq, describeNode } from "./yaml-node.js";
import type { FieldDecl, Step } from "./ir.js";
import { ownValue } from "../own-value.js";

/** Parse the Steps block's document contents. */
export function parseSteps(contents: unknown, ctx: BlockContext): Step[] {
  if (contents === null || contents === undefined || (isScalar(contents) && contents.value === null)) {
    ctx.report("missing-steps", ctx.pos(contents), "The Steps block has no steps.", 'Write the steps as a YAML list, starting with a line like `- say: "Hello."`.');
    return [];
  }
  const seq = asSeq(contents);
  if (!seq) {
    ctx.report("invalid-block", ctx.pos(contents), `The Steps block is ${describeNode(contents)}, not a list of steps.`, "Start each step with `- `, like `- ask: { nights: \"How many nights?\" }`.");
    ctx.lost();
    return [];
  }
  const stepCtx: StepContext = { ...ctx, children: (node, parentId) => parseList(node, parentId, stepCtx) };
  return parseList(seq, "", stepCtx);
}

function parseList(node: unknown, parentId: string, ctx: StepContext): Step[] {
  const steps: Step[] = [];
  asSeq(node)?.items.forEach((item, index) => {
    const id = parentId ? `${parentId}.${index + 1}` : String(index + 1);
    const step = parseStep(item, id, ctx);
    if (step) steps.push(step);
    else ctx.lost();
  });
  return steps;
}

/** Every step in the tree, parents before their children, in file order. */
export function allSteps(steps: readonly Step[]): Step[] {
  return steps.flatMap((step) => (step.kind === "when" || step.kind === "repeat" ? [step, ...allSteps(step.steps)] : [step]));
}

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
