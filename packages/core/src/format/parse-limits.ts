/**
 * The `## Limits` block: the model-call budget a skill declares for itself, per message (`turn`) and for
 * the whole conversation, each with any of `model_calls`, `tokens` and `cost`. Counts are whole numbers
 * from 0, `cost` a number from 0. Anything else is `invalid-limits`, located, with a did-you-mean; what
 * is wrong is left out and the rest kept. Pure.
 */
import { isScalar } from "yaml";
import { LIMIT_MEASURES, LIMIT_SCOPES, type LimitMeasure, type LimitScope } from "./definitions.js";
import type { LimitValues, SkillLimits } from "./ir.js";
import { didYouMean } from "./suggest.js";
import type { BlockContext } from "./yaml-block.js";
import { asMap, describeNode, keyName, type YamlPair } from "./yaml-node.js";

const SCOPES = Object.keys(LIMIT_SCOPES) as LimitScope[];
const MEASURES = Object.keys(LIMIT_MEASURES) as LimitMeasure[];
const EXAMPLE = "`turn: { model_calls: 2, tokens: 6000 }`";

/** Parse the Limits block's document contents. */
export function parseLimits(contents: unknown, ctx: BlockContext): SkillLimits {
  const limits: SkillLimits = { turn: {}, conversation: {} };
  if (contents === null || contents === undefined || (isScalar(contents) && contents.value === null)) return limits;
  const map = asMap(contents);
  if (!map) {
    ctx.report("invalid-limits", ctx.pos(contents), `The Limits block is ${describeNode(contents)}, not a mapping of scopes to limits.`, `Write one scope per line, like ${EXAMPLE}.`);
    return limits;
  }
  for (const pair of map.items) {
    const scope = keyName(pair);
    if (scope === undefined || !(SCOPES as string[]).includes(scope)) {
      ctx.report("invalid-limits", ctx.pos(pair.key), `\`${scope ?? describeNode(pair.key)}\` is not a scope of limits.`, didYouMean(scope ?? "", SCOPES, "scopes (`turn` for one message, `conversation` for all of it)"));
      continue;
    }
    limits[scope as LimitScope] = scopeLimits(scope, pair, ctx);
  }
  return limits;
}

function scopeLimits(scope: string, pair: YamlPair, ctx: BlockContext): LimitValues {
  const values: LimitValues = {};
  const map = asMap(pair.value);
  if (!map) {
    ctx.report("invalid-limits", ctx.pos(pair.value ?? pair.key), `\`${scope}:\` is ${describeNode(pair.value)}, not a mapping of measures to limits.`, `Write ${EXAMPLE}.`);
    return values;
  }
  for (const item of map.items) {
    const measure = keyName(item);
    if (measure === undefined || !(MEASURES as string[]).includes(measure)) {
      ctx.report("invalid-limits", ctx.pos(item.key), `\`${measure ?? describeNode(item.key)}\` is not a measure of limits.`, didYouMean(measure ?? "", MEASURES, "measures"));
      continue;
    }
    const def = LIMIT_MEASURES[measure as LimitMeasure];
    const value = isScalar(item.value) ? item.value.value : undefined;
    const fits = typeof value === "number" && Number.isFinite(value) && value >= 0 && (def.form === "amount" || Number.isInteger(value));
    if (!fits) {
      const what = def.form === "amount" ? "a number from 0" : "a whole number from 0";
      ctx.report("invalid-limits", ctx.pos(item.value ?? item.key), `\`${scope}.${measure}\` is ${describeNode(item.value)}, not ${what}.`, `Write ${what}, like \`${measure}: ${def.form === "amount" ? "0.05" : "20"}\`.`);
      continue;
    }
    values[def.key] = value;
  }
  return values;
}
