/**
 * Field shapes: `choices: [a, b]`, `pattern: "^…$"`, `number: { min, max }`, `decimal: { min, max, places }`,
 * `lookup: tool`, `text: true`, `date: true`, `yes_no: true`. Pure.
 */
import { isScalar } from "yaml";
import { didYouMean } from "./suggest.js";
import type { BlockContext } from "./yaml-block.js";
import { asMap, asSeq, describeNode, keyName, scalarText } from "./yaml-node.js";
import { isKeyOf, SHAPES, type ShapeKey } from "./definitions.js";
import { fitsLeaf, fitsNumber, nameOf, numberFormWords, regexProblem } from "./value-forms.js";
import type { Shape } from "./ir.js";

/** The shape written as `key: value` in field `field`'s declaration, or undefined (reported) if wrong. */
export function parseShape(key: ShapeKey, value: unknown, field: string, ctx: BlockContext): Shape | undefined {
  const bad = (reason: string, fix: string) => {
    ctx.report("invalid-field", ctx.pos(value), reason, fix);
    return undefined;
  };
  switch (key) {
    case "choices":
      return parseChoices(value, field, bad);
    case "pattern": {
      const pattern = scalarText(value);
      if (pattern === undefined) return bad(`\`pattern:\` of \`${field}\` is ${describeNode(value)}, not a regular expression.`, 'Write the pattern as quoted text, like `pattern: "^[A-Z]{2}-[0-9]{6}$"`.');
      const problem = fitsLeaf(SHAPES.pattern.form, value) ? undefined : regexProblem(pattern);
      if (problem) return bad(`\`pattern:\` of \`${field}\` is not a valid regular expression: ${problem}.`, "Fix the regular expression (write `\\\\` for a backslash inside double quotes).");
      return { kind: "pattern", pattern };
    }
    case "number":
    case "decimal":
      return parseRange(key, value, field, ctx);
    case "lookup": {
      const tool = nameOf(value);
      if (tool === undefined || !fitsLeaf(SHAPES.lookup.form, value)) return bad(`\`lookup:\` of \`${field}\` must name a tool, not ${describeNode(value)}.`, "Write the name of a lookup from tools.ts, like `lookup: find_conference`.");
      return { kind: "lookup", tool, toolPos: ctx.pos(value) };
    }
    default:
      if (fitsLeaf(SHAPES[key].form, value)) return { kind: key };
      return bad(`\`${key}:\` of \`${field}\` is ${describeNode(value)}; it takes \`true\`.`, `Write \`${key}: true\`.`);
  }
}

function parseChoices(value: unknown, field: string, bad: (reason: string, fix: string) => undefined): Shape | undefined {
  const seq = asSeq(value);
  const choices = seq?.items.map(scalarText);
  if (!seq || !choices || choices.length === 0 || choices.some((c) => c === undefined)) {
    return bad(`\`choices:\` of \`${field}\` must be a list of words, not ${describeNode(value)}.`, "Write the choices as a list, like `choices: [economy, premium]`.");
  }
  const words = choices as string[];
  const twice = words.find((word, i) => words.indexOf(word) !== i);
  if (twice !== undefined) return bad(`\`choices:\` of \`${field}\` lists \`${twice}\` twice.`, `Remove the second \`${twice}\`.`);
  return { kind: "choices", choices: words };
}

function parseRange(key: "number" | "decimal", value: unknown, field: string, ctx: BlockContext): Shape | undefined {
  if (fitsLeaf("true", value)) return { kind: key };
  const options = SHAPES[key].form.range;
  const map = asMap(value);
  if (!map) {
    ctx.report("invalid-field", ctx.pos(value), `\`${key}:\` of \`${field}\` is ${describeNode(value)}, not a range.`, `Write \`${key}: { min: 1, max: 14 }\`, or \`${key}: true\` for any ${key}.`);
    return undefined;
  }
  const shape: { kind: "number" | "decimal"; min?: number; max?: number; places?: number } = { kind: key };
  let ok = true;
  for (const pair of map.items) {
    const name = keyName(pair);
    if (!isKeyOf(options, name)) {
      ctx.report("unknown-shape-key", ctx.pos(pair.key), `\`${name ?? "?"}\` is not an option of \`${key}:\`.`, didYouMean(name ?? "", Object.keys(options), `options of \`${key}:\``));
      ok = false;
      continue;
    }
    const n = isScalar(pair.value) ? pair.value.value : undefined;
    const form = options[name];
    if (!fitsNumber(form, n)) {
      const kind = numberFormWords(form);
      ctx.report("invalid-field", ctx.pos(pair.value ?? pair.key), `\`${name}\` of \`${field}\` is ${describeNode(pair.value)}, not ${kind}.`, `Write ${kind} for \`${name}\`.`);
      ok = false;
    } else shape[name as "min" | "max" | "places"] = n;
  }
  if (ok && shape.min !== undefined && shape.max !== undefined && shape.min > shape.max) {
    ctx.report("invalid-field", ctx.pos(value), `\`${field}\` has \`min\` ${shape.min} above \`max\` ${shape.max}, so no value fits.`, "Swap the two bounds or correct one of them.");
    ok = false;
  }
  return ok ? shape : undefined;
}

