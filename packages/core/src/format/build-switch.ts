/**
 * Build a `switch` step: `switch: expr`, `cases:` (each value mapped to its steps, in the order written)
 * and an optional `else:`. The steps of all branches are numbered on from the switch's id, across the
 * branches in the order written. Whether the cases are the switch's possible values is the checker's
 * (check/check-switch-cases.ts). Pure.
 */
import type { Bad, Common, Entries, NumberFrom, StepContext } from "./build-step.js";
import type { Branch, Step } from "./ir.js";
import { STEP_KINDS } from "./definitions.js";
import { fitsLeaf } from "./value-forms.js";
import { asMap, asSeq, describeNode, exprOf, keyName } from "./yaml-node.js";

export function buildSwitch(entries: Entries, common: Common, ctx: StepContext, bad: Bad): Step | undefined {
  const value = entries.get("switch")!.value;
  const on = fitsLeaf(STEP_KINDS.switch.form, value) ? exprOf(value, ctx) : undefined;
  if (!on) return bad("`switch:` has no value to choose a way by.", "Write the value after `switch:`, like `switch: payment_method`.");
  const from: NumberFrom = { number: 0, written: 0 };
  const cases = casesOf(entries, common, ctx, from);
  const elsePair = entries.get("else");
  let otherwise: Branch | undefined;
  if (elsePair) {
    const seq = asSeq(elsePair.value);
    if (seq && seq.items.length > 0) otherwise = { pos: ctx.pos(elsePair.key), steps: ctx.children(seq, common.id, from) };
    else ctx.report("invalid-step", ctx.pos(elsePair.value ?? elsePair.key), `\`else:\` is ${describeNode(elsePair.value)}, not a list of steps.`, "Write the steps under `else:` as a list, or remove `else:`.");
  }
  if (!cases || (elsePair && !otherwise)) return undefined;
  const branches = otherwise ? [...cases, otherwise] : cases;
  return { id: common.id, pos: common.pos, keys: common.keys, kind: "switch", on, written: "switch", branches };
}

/** `cases:`: each value with its non-empty list of steps (reported and undefined when malformed). */
function casesOf(entries: Entries, common: Common, ctx: StepContext, from: NumberFrom): Branch[] | undefined {
  const pair = entries.get("cases");
  const map = asMap(pair?.value);
  if (!pair || !map || map.items.length === 0) {
    const at = pair ? ctx.pos(pair.value ?? pair.key) : (common.keys.switch ?? common.pos);
    ctx.report("invalid-step", at, `This \`switch\` has ${pair ? `${describeNode(pair.value)} under \`cases:\`` : "no `cases:`"}, so it has no way to run.`, "Add `cases:` under `switch:` (same indentation), each value with its steps: `cases: { gift_card: [ … ] }`.");
    return undefined;
  }
  const branches: Branch[] = [];
  let ok = true;
  for (const item of map.items) {
    const value = keyName(item)?.trim();
    const seq = asSeq(item.value);
    if (!value || !seq || seq.items.length === 0) {
      ctx.report("invalid-step", ctx.pos(item.value ?? item.key), `The case \`${value ?? describeNode(item.key)}\` has ${describeNode(item.value)}, not a value and a list of steps.`, "Write each case as a value and its steps: `gift_card:` with a list of steps under it.");
      ok = false;
      continue;
    }
    if (branches.some((b) => b.value === value)) {
      ctx.report("invalid-step", ctx.pos(item.key), `The case \`${value}\` is written twice.`, `Keep one \`${value}:\` and put all its steps under it.`);
      ok = false;
      continue;
    }
    branches.push({ value, pos: ctx.pos(item.key), steps: ctx.children(seq, common.id, from) });
  }
  return ok ? branches : undefined;
}
