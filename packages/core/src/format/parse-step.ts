/**
 * One step of the Steps block: find its kind (its one kind key), check every other key belongs on that
 * kind, then build it. A step whose kind cannot be told, or whose value is malformed, is reported and
 * left out; a misplaced extra key is reported and the step kept. Pure.
 */
import { didYouMean, suggest } from "./suggest.js";
import { buildStep, type StepContext } from "./build-step.js";
import type { BlockContext } from "./yaml-block.js";
import { asMap, describeNode, keyName, scalarText, type YamlPair } from "./yaml-node.js";
import { isKeyOf, STEP_EXTRA_NAMES, STEP_EXTRAS, STEP_KIND_NAMES, STEP_KINDS } from "./definitions.js";
import type { Position, Step, StepKind } from "./ir.js";

/** The keys `kind` takes besides its own (from the format's definitions). */
const extrasOf = (kind: StepKind): readonly string[] => STEP_KINDS[kind].extras;

/** Parse the step written as `node`, with id `id` ("3", "5.2"). */
export function parseStep(node: unknown, id: string, ctx: StepContext): Step | undefined {
  const map = asMap(node);
  const head = map?.items[0];
  if (!map || !head) {
    reportNotMapping(node, ctx);
    return undefined;
  }
  const entries = new Map<string, YamlPair>();
  const keys: Record<string, Position> = {};
  for (const pair of map.items) {
    const key = keyName(pair) ?? describeNode(pair.key);
    if (entries.has(key)) {
      ctx.report("invalid-step", ctx.pos(pair.key), `This step has \`${key}:\` twice.`, `Keep one \`${key}:\`.`);
      continue;
    }
    entries.set(key, pair);
    keys[key] = ctx.pos(pair.key);
  }
  const kinds = [...entries.keys()].filter((key): key is StepKind => isKeyOf(STEP_KINDS, key));
  const guess = kinds.length === 0 ? guessKind(entries) : undefined;
  const kind = kinds.length === 1 ? kinds[0] : guess?.kind;
  const unknown = checkExtraKeys(entries, kind, ctx);
  const [one, two] = kinds;
  if (one && two) {
    // Every key of `entries` has its position in `keys`.
    ctx.report("invalid-step", keys[two]!, `This step has two kinds, \`${one}\` and \`${two}\`.`, "Split it into two steps, one kind each.");
  } else if (!kind && !unknown) {
    ctx.report("invalid-step", ctx.pos(head.key), "This step has no kind.", `Start it with one of: ${STEP_KIND_NAMES.join(", ")}.`);
  }
  if (!kind) return undefined;
  const first = ctx.pos(head.key);
  if (guess) renameKey(entries, keys, guess.key, guess.kind);
  return buildStep(kind, entries, { id, pos: { line: first.line, column: first.column }, keys }, ctx);
}

/**
 * A step with no kind but one key that is a likely typo of a kind (`aks:`): that key and kind. The key
 * is still reported as unknown and the skill does not load; reading the step as the kind meant lets
 * the rest of the skill be checked in the same run, without reports that only the left-out step explains.
 */
function guessKind(entries: Map<string, YamlPair>): { key: string; kind: StepKind } | undefined {
  const guesses = [...entries.keys()]
    .filter((key) => !isKeyOf(STEP_EXTRAS, key))
    .map((key) => ({ key, kind: suggest(key, STEP_KIND_NAMES) }))
    .filter((guess): guess is { key: string; kind: StepKind } => guess.kind !== undefined);
  return guesses.length === 1 ? guesses[0] : undefined;
}

/** Move the entry `from` to the name `to`, keeping its place and position. */
function renameKey(entries: Map<string, YamlPair>, keys: Record<string, Position>, from: string, to: string): void {
  const pair = entries.get(from)!;
  entries.delete(from);
  entries.set(to, pair);
  keys[to] = keys[from]!;
  delete keys[from];
}

/** Report keys that are unknown or do not belong on `kind`; say whether an unknown key was found. */
function checkExtraKeys(entries: Map<string, YamlPair>, kind: StepKind | undefined, ctx: BlockContext): boolean {
  let unknown = false;
  for (const [key, pair] of entries) {
    if (isKeyOf(STEP_KINDS, key) || (kind && extrasOf(kind).includes(key))) continue;
    const pos = ctx.pos(pair.key);
    if (!isKeyOf(STEP_EXTRAS, key)) {
      const candidates = [...STEP_KIND_NAMES, ...(kind ? extrasOf(kind) : STEP_EXTRA_NAMES)];
      ctx.report("unknown-step-key", pos, `\`${key}\` is not a step key.`, didYouMean(key, candidates, "step keys"));
      unknown = true;
    } else if (kind) misplacedKey(key, kind, pos, ctx);
  }
  return unknown;
}

function misplacedKey(key: string, kind: StepKind, pos: Position, ctx: BlockContext): void {
  if (key === "by") {
    ctx.report("by-outside-confirm", pos, `\`by:\` is on ${aStep(kind)}, but only a \`confirm\` can wait for an approval.`, "Move `by:` onto the `confirm` that needs the approval, or remove it.");
  } else if (key === "widget") {
    ctx.report("widget-not-allowed", pos, `${capitalize(aStep(kind))} cannot show a widget.`, "Move `widget:` onto an `ask` or `confirm` step, or remove it.");
  } else {
    const home = homeOf(key);
    ctx.report("invalid-step", pos, `\`${key}:\` is on ${aStep(kind)}, but it belongs on ${home}.`, `Move \`${key}:\` onto ${home} step, or remove it.`);
  }
}

function reportNotMapping(node: unknown, ctx: BlockContext): void {
  const text = scalarText(node);
  const word = text?.trim().split(/\s+/)[0];
  const fix = word && isKeyOf(STEP_KINDS, word)
    ? `Put a colon after the kind: \`${word}: ${text!.trim().slice(word.length).trim()}\`.`
    : `Write the step as \`kind: value\`, with kind one of: ${STEP_KIND_NAMES.join(", ")}.`;
  ctx.report("invalid-step", ctx.pos(node), `This step is ${describeNode(node)}, not a \`kind: value\` mapping.`, fix);
}

/** The kinds that take `key`, for a sentence: "an `ask`", "a `when` or `repeat`". */
function homeOf(key: string): string {
  const kinds = STEP_KIND_NAMES.filter((kind) => extrasOf(kind).includes(key));
  return `${kinds[0] === "ask" ? "an" : "a"} ${kinds.map((kind) => `\`${kind}\``).join(" or ")}`;
}

/** "an `ask` step", "a `say` step". */
function aStep(kind: StepKind): string {
  return `${kind === "ask" ? "an" : "a"} \`${kind}\` step`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
