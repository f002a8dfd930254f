/**
 * `with:` on a `do:` step: tool inputs bound from expressions instead of by name.
 *
 *   - do: modify_user_address
 *     with: { zip: new_zip, address1: new_address1 }   # input: CEL expression
 *
 * Each key names an input of the tool, each value is a CEL expression over fields, tool outputs and
 * loop variables. Whether the key is an input of the tool, and whether the value's type fits it, is
 * checked against the tool (check-with-bindings.ts). Pure.
 */
import { isMap } from "yaml";
import type { InputBinding } from "./ir.js";
import type { BlockContext } from "./yaml-block.js";
import { describeNode, exprOf, isIdentifier, keyName, type YamlPair } from "./yaml-node.js";
import { fitsLeaf } from "./value-forms.js";

const EXAMPLE = "Write `with: { zip: new_zip }`: each input of the tool, then the expression that gives its value.";

/** The bindings of `pair`, or undefined when there is none or it is reported as malformed. */
export function parseWith(pair: YamlPair | undefined, ctx: BlockContext): InputBinding[] | undefined {
  if (!pair) return undefined;
  if (!isMap(pair.value) || pair.value.items.length === 0) {
    ctx.report("invalid-step", ctx.pos(pair.value ?? pair.key), `\`with:\` is ${describeNode(pair.value)}, not tool inputs with their values.`, EXAMPLE);
    return undefined;
  }
  const bindings: InputBinding[] = [];
  for (const item of pair.value.items as YamlPair[]) {
    const input = keyName(item);
    if (input === undefined || !isIdentifier(input)) {
      ctx.report("invalid-step", ctx.pos(item.key), `\`${input ?? describeNode(item.key)}\` is not the name of a tool input.`, EXAMPLE);
      continue;
    }
    const value = fitsLeaf("expression", item.value) ? exprOf(item.value, ctx) : undefined;
    if (!value) {
      ctx.report("invalid-step", ctx.pos(item.value ?? item.key), `The value of \`${input}\` in \`with:\` is ${describeNode(item.value)}, not an expression.`, `Write the expression that gives \`${input}\`, like \`${input}: new_${input}\` (text in double quotes inside single ones: \`'"…"'\`).`);
      continue;
    }
    if (bindings.some((b) => b.input === input)) {
      ctx.report("invalid-step", ctx.pos(item.key), `\`${input}\` is in \`with:\` twice.`, "Bind each input once.");
      continue;
    }
    bindings.push({ input, inputPos: ctx.pos(item.key), value });
  }
  return bindings.length > 0 ? bindings : undefined;
}
