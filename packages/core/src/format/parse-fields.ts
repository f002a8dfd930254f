/**
 * The Fields block: a mapping of field names to declarations, each with exactly one shape and optional
 * flags (`secret`, `message`, `synonyms`, `description`, `cue`, `typed`, `default`, `keep`). Pure.
 */
import { isScalar, type YAMLMap } from "yaml";
import { didYouMean, suggest } from "./suggest.js";
import { parseShape } from "./parse-shape.js";
import { FIELD_FLAGS, FLAG_KEYS, FLAG_ONLY_WITH, isKeyOf, SHAPE_KEYS, SHAPES, type FieldFlag, type ShapeKey } from "./definitions.js";
import { fitsLeaf } from "./value-forms.js";
import type { BlockContext } from "./yaml-block.js";
import { asMap, asSeq, describeNode, exprOf, isIdentifier, keyName, scalarText, unusableNameFix, type YamlPair } from "./yaml-node.js";
import type { FieldDecl, Shape } from "./ir.js";

const FIELD_KEYS: readonly string[] = [...SHAPE_KEYS, ...FLAG_KEYS];

/** Parse the Fields block's document contents into declarations by name. */
export function parseFields(contents: unknown, ctx: BlockContext): Record<string, FieldDecl> {
  const fields: Record<string, FieldDecl> = {};
  const seen = new Map<string, number>();
  if (contents === null || contents === undefined || (isScalar(contents) && contents.value === null)) return fields;
  const map = asMap(contents);
  if (!map) {
    ctx.report("invalid-block", ctx.pos(contents), `The Fields block is ${describeNode(contents)}, not a mapping of field names to shapes.`, "Write one field per line, like `nights: { number: { min: 1, max: 14 } }`.");
    ctx.lost();
    return fields;
  }
  for (const pair of map.items) {
    const name = keyName(pair);
    if (name === undefined || !isIdentifier(name)) {
      const fix = unusableNameFix(name, "Name fields with letters, digits and `_`, starting with a letter, like `approval_code`.");
      ctx.report("invalid-field", ctx.pos(pair.key), `\`${name ?? describeNode(pair.key)}\` is not a usable field name.`, fix);
      ctx.lost();
    } else if (seen.has(name)) {
      const first = seen.get(name);
      ctx.report("duplicate-field", ctx.pos(pair.key), `Field \`${name}\` is declared twice (first on line ${first}).`, "Remove one declaration, or rename one of the fields.");
    } else {
      seen.set(name, ctx.pos(pair.key).line);
      const decl = parseDecl(name, pair, ctx);
      if (decl) fields[name] = decl;
      else ctx.lost();
    }
  }
  return fields;
}

function parseDecl(name: string, pair: YamlPair, ctx: BlockContext): FieldDecl | undefined {
  const map = asMap(pair.value);
  if (!map) {
    ctx.report("invalid-field", ctx.pos(pair.value ?? pair.key), `Field \`${name}\` is declared as ${describeNode(pair.value)}, not as a shape.`, `Declare it with a shape, like \`${name}: { text: true }\`.`);
    return undefined;
  }
  const decl: FieldDecl = { name, shape: { kind: "text" }, secret: false, declared: true, pos: ctx.pos(pair.key) };
  const shapes: Array<{ key: ShapeKey; shape: Shape | undefined; pair: YamlPair }> = [];
  const misspelt: Array<{ key: ShapeKey; item: YamlPair }> = [];
  let unknownKey = false;
  for (const item of map.items) {
    const key = keyName(item);
    if (isKeyOf(SHAPES, key)) {
      shapes.push({ key, shape: parseShape(key, item.value, name, ctx), pair: item });
    } else if (isKeyOf(FIELD_FLAGS, key)) {
      parseFlag(decl, key, item, ctx);
    } else {
      ctx.report("unknown-field-key", ctx.pos(item.key), `\`${key ?? "?"}\` is not a field key (field \`${name}\`).`, didYouMean(key ?? "", FIELD_KEYS, "field keys"));
      unknownKey = true;
      const guess = suggest(key ?? "", FIELD_KEYS);
      if (isKeyOf(SHAPES, guess)) misspelt.push({ key: guess, item });
    }
  }
  // One misspelt shape (`dat: true`) is read as the shape it is closest to, so the rest of the skill is
  // still checked in this run; the unknown key is reported and the skill does not load either way.
  const [typo, otherTypo] = misspelt;
  if (shapes.length === 0 && typo && !otherTypo) shapes.push({ key: typo.key, shape: parseShape(typo.key, typo.item.value, name, ctx), pair: typo.item });
  // A decl with a good shape is kept even when a flag is wrong, so one mistake is reported once.
  if (shapes.length === 0 && unknownKey) return undefined; // most likely a misspelt shape, reported above
  return finishDecl(decl, shapes, map, ctx) ? decl : undefined;
}

function finishDecl(decl: FieldDecl, shapes: Array<{ key: ShapeKey; shape: Shape | undefined; pair: YamlPair }>, map: YAMLMap<unknown, unknown>, ctx: BlockContext): boolean {
  const [only, second] = shapes;
  if (!only) {
    ctx.report("invalid-field", decl.pos, `Field \`${decl.name}\` has no shape.`, `Give it one of: ${SHAPE_KEYS.join(", ")}.`);
    return false;
  }
  if (second) {
    ctx.report("invalid-field", ctx.pos(second.pair.key), `Field \`${decl.name}\` has two shapes, \`${only.key}\` and \`${second.key}\`.`, "Keep one shape per field.");
    return false;
  }
  if (!only.shape) return false;
  decl.shape = only.shape;
  if (decl.typed !== undefined && !FLAG_ONLY_WITH.typed!.includes(decl.shape.kind as ShapeKey)) {
    const at = map.items.find((item) => keyName(item) === "typed");
    ctx.report("invalid-field", ctx.pos(at?.key), `\`typed:\` of \`${decl.name}\` only applies to \`text:\`, \`pattern:\` and \`lookup:\` fields: the model gives the others in its own form (a number, a date, one of the choices).`, "Remove `typed:`, or make the field a `text:`, `pattern:` or `lookup:` field.");
    delete decl.typed;
  }
  if (decl.synonyms && !FLAG_ONLY_WITH.synonyms!.includes(decl.shape.kind as ShapeKey)) {
    const at = map.items.find((item) => keyName(item) === "synonyms");
    ctx.report("invalid-field", ctx.pos(at?.key), `\`synonyms:\` of \`${decl.name}\` only applies to \`choices:\`.`, "Remove `synonyms:`, or make the field a `choices:` field.");
    delete decl.synonyms;
  }
  if (!checkSynonymTargets(decl, map, ctx)) delete decl.synonyms;
  if (decl.cue && !decl.secret) {
    const at = map.items.find((item) => keyName(item) === "cue");
    ctx.report("invalid-field", ctx.pos(at?.key), `\`cue:\` of \`${decl.name}\` only applies to a secret field.`, "Remove `cue:`, or add `secret: true` to the field.");
    delete decl.cue;
  }
  if (decl.keep && decl.secret) {
    const at = map.items.find((item) => keyName(item) === "keep");
    ctx.report("invalid-field", ctx.pos(at?.key), `\`keep:\` of \`${decl.name}\` cannot go with \`secret: true\`: a secret is given for one request and is never carried to another.`, "Remove `keep:`, so each request asks for the secret itself.");
    delete decl.keep;
  }
  if (decl.default && (decl.secret || decl.keep)) {
    const at = map.items.find((item) => keyName(item) === "default");
    const why = decl.secret ? "`secret: true`: only the person may give a secret" : "`keep:`: a kept answer is one the person gave";
    ctx.report("invalid-field", ctx.pos(at?.key), `\`default:\` of \`${decl.name}\` cannot go with ${why}, and a default is not.`, "Remove `default:`, or the other flag.");
    delete decl.default;
  }
  return true;
}

function checkSynonymTargets(decl: FieldDecl, map: YAMLMap<unknown, unknown>, ctx: BlockContext): boolean {
  if (!decl.synonyms || decl.shape.kind !== "choices") return true;
  const choices = decl.shape.choices;
  const unknown = Object.keys(decl.synonyms).find((choice) => !choices.includes(choice));
  if (unknown === undefined) return true;
  const at = asMap(map.items.find((item) => keyName(item) === "synonyms")?.value)?.items.find((item) => keyName(item) === unknown);
  ctx.report("invalid-field", ctx.pos(at?.key), `\`synonyms:\` of \`${decl.name}\` names \`${unknown}\`, which is not one of its choices.`, didYouMean(unknown, choices, "choices"));
  return false;
}

function parseFlag(decl: FieldDecl, key: FieldFlag, pair: YamlPair, ctx: BlockContext): boolean {
  const value = pair.value;
  const bad = (reason: string, fix: string) => {
    ctx.report("invalid-field", ctx.pos(value ?? pair.key), reason, fix);
    return false;
  };
  if (key === "secret" || key === "typed") {
    if (!fitsLeaf(FIELD_FLAGS[key].form, value)) return bad(`\`${key}:\` of \`${decl.name}\` is ${describeNode(value)}, not true or false.`, `Write \`${key}: true\`.`);
    decl[key] = (value as { value: boolean }).value;
  } else if (key === "cue") {
    const words = asSeq(value)?.items.map(scalarText);
    const blank = !words || words.length === 0 || words.some((word) => word === undefined || word.trim() === "");
    if (blank || new Set(words).size !== words.length) {
      return bad(`\`cue:\` of \`${decl.name}\` must be a list of different words, not ${describeNode(value)}.`, "Write `cue: [PIN, passcode]`.");
    }
    decl.cue = words as string[];
  } else if (key === "default") {
    const expr = isScalar(value) ? exprOf(value, ctx) : undefined;
    if (!expr) return bad(`\`default:\` of \`${decl.name}\` is ${describeNode(value)}, not an expression.`, "Write the expression as text, like `default: \"get_order_details.address.city\"`.");
    decl.default = expr;
  } else if (key === "keep") {
    const text = scalarText(value);
    const words = FIELD_FLAGS.keep.form.oneOf;
    if (!isScalar(value) || !words.some((word) => word === text)) {
      return bad(`\`keep:\` of \`${decl.name}\` is ${describeNode(value)}, not ${words.map((w) => `\`${w}\``).join(" or ")}.`, "Write `keep: conversation`.");
    }
    decl.keep = "conversation";
  } else if (key === "synonyms") {
    const synonyms = parseSynonyms(value);
    if (!synonyms) return bad(`\`synonyms:\` of \`${decl.name}\` must map each choice to a list of words.`, "Write `synonyms: { economy: [coach, standard] }`.");
    decl.synonyms = synonyms;
  } else {
    const text = scalarText(value);
    if (text === undefined || !fitsLeaf(FIELD_FLAGS[key].form, value)) return bad(`\`${key}:\` of \`${decl.name}\` is ${describeNode(value)}, not text.`, `Write \`${key}:\` as a line of text.`);
    decl[key] = text;
  }
  return true;
}

function parseSynonyms(value: unknown): Record<string, string[]> | undefined {
  const map = asMap(value);
  if (!map) return undefined;
  const synonyms: Record<string, string[]> = {};
  for (const pair of map.items) {
    const choice = keyName(pair);
    const single = scalarText(pair.value);
    const words = single !== undefined ? [single] : asSeq(pair.value)?.items.map(scalarText);
    if (choice === undefined || !words || words.some((word) => word === undefined)) return undefined;
    synonyms[choice] = words as string[];
  }
  return synonyms;
}
