/**
 * The `decide` step: `decide: { id: question }` with `options:` (each a key and the words shown for it)
 * and, optionally, `by: role`. A decide with no options, an option key that is not a name, or `no` as an
 * option key beside `by:` (a role's no is a way of its own) is reported and left out. Pure.
 */
import { templateOf } from "./parse-template.js";
import type { BlockContext } from "./yaml-block.js";
import { asMap, describeNode, isIdentifier, keyName, scalarText, unusableNameFix, type YamlPair } from "./yaml-node.js";
import { STEP_EXTRAS } from "./definitions.js";
import { fitsLeaf } from "./value-forms.js";
import type { DecideOption, DecideStep, Position } from "./ir.js";

/** What a decide is built from: its id and question (read like a confirm's), and its other keys. */
export interface DecideParts {
  id: string;
  pos: Position;
  keys: Record<string, Position>;
  name: string;
  text: unknown;
  entries: Map<string, YamlPair>;
}

/** The `decide` step, or undefined when its options or role are malformed (each reported). */
export function buildDecide(parts: DecideParts, ctx: BlockContext): DecideStep | undefined {
  const byPair = parts.entries.get("by");
  const by = byPair && fitsLeaf(STEP_EXTRAS.by.form, byPair.value) ? scalarText(byPair.value)!.trim() : undefined;
  if (byPair && !by) ctx.report("invalid-step", ctx.pos(byPair.value ?? byPair.key), `\`by:\` is ${describeNode(byPair.value)}, not a role.`, "Name the role that chooses, like `by: lead`.");
  const options = parseOptions(parts, by, ctx);
  if (!options || (byPair && !by)) return undefined;
  const step: DecideStep = { id: parts.id, pos: parts.pos, keys: parts.keys, kind: "decide", decide: parts.name, question: templateOf(parts.text, ctx), options };
  if (by) step.by = by;
  return step;
}

function parseOptions(parts: DecideParts, by: string | undefined, ctx: BlockContext): DecideOption[] | undefined {
  const pair = parts.entries.get("options");
  const map = asMap(pair?.value);
  if (!pair || !map || map.items.length === 0) {
    const at = pair ? ctx.pos(pair.value ?? pair.key) : (parts.keys.decide ?? parts.pos);
    ctx.report("invalid-step", at, `This \`decide\` has ${pair ? `${describeNode(pair.value)} under \`options:\`` : "no `options:`"}, so there is nothing to choose between.`, 'Add `options:` under `decide:` (same indentation), each a key and its words, like `options: { send_back: "Send it back", stop: "Stop the work" }`.');
    return undefined;
  }
  const options: DecideOption[] = [];
  let ok = true;
  for (const item of map.items) {
    const key = keyName(item);
    const pos = ctx.pos(item.key);
    if (key === undefined || !isIdentifier(key)) {
      ctx.report("invalid-step", pos, `The option \`${key ?? describeNode(item.key)}\` is not a name, so it cannot be the decision's value.`, unusableNameFix(key, "Use letters, digits and `_` for an option's key, like `send_back`, and put its words after the colon."));
      ok = false;
    } else if (by && key === "no") {
      ctx.report("invalid-step", pos, `\`no\` is an option of a decide \`by: ${by}\`, where \`no\` already means that ${by} declined to choose.`, "Name the option otherwise, like `stop`; a rejection by the role is the way `no` of its own.");
      ok = false;
    } else if (!fitsLeaf("text", item.value)) {
      ctx.report("invalid-step", ctx.pos(item.value ?? item.key), `The option \`${key}\` has ${describeNode(item.value)}, not the words shown for it.`, `Write \`${key}: "…"\` with the words the person sees, like \`send_back: "Send it back to the developer"\`.`);
      ok = false;
    } else if (options.some((o) => o.key === key)) {
      ctx.report("invalid-step", pos, `The option \`${key}\` is written twice.`, `Keep one \`${key}:\`.`);
      ok = false;
    } else {
      options.push({ key, label: scalarText(item.value)!.trim(), pos });
    }
  }
  return ok ? options : undefined;
}
