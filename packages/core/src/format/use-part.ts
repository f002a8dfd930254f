/**
 * `- use: ../parts/sign-in.md` in a Steps block: the part's steps take the place of the line (their ids
 * counted in, as if written there) and its fields join the file's. The part is read through the
 * host's `PartReader`; a part that cannot be read, or that is already being read (a cycle), is a located
 * error on the `use:` line and brings nothing. Pure: the reader is the only way to a file.
 */
import type { Diagnostic } from "../diagnostics.js";
import { allSteps, type Spliced, type UseHook } from "./parse-steps.js";
import type { BlockContext } from "./yaml-block.js";
import { asMap, describeNode, keyName, scalarText } from "./yaml-node.js";
import type { FieldDecl, Position, Step } from "./ir.js";

/**
 * Reads the part `ref` (as written after `use:`) named from the file `from`: the part's path (relative
 * when `from` is) and its text, or no text when it cannot be read.
 */
export type PartReader = (ref: string, from: string) => { file: string; text?: string };

/** What reading a file's `use:` steps needs: the reader, the files being read and the diagnostics sink. */
export interface PartScope {
  read?: PartReader;
  /** The files being read, outermost first (the skill's SKILL.md first): a part among them is a cycle. */
  stack: string[];
  /** Each part file as its `use:` named it first (what messages show; a reader's path may be absolute). */
  names: Map<string, string>;
  diagnostics: Diagnostic[];
}

/** A part a file used: its path, where the `use:` was, and its fields (its own parts' included). */
export interface UsedPart {
  file: string;
  ref: string;
  usePos: Position;
  fields: Record<string, FieldDecl>;
  /** This part's path and the paths of the parts it uses. */
  files: string[];
}

/** What reading a part gives the hook (`parsePart` in parse-part.ts, passed in so the two files do not import each other). */
export type ReadPart = (text: string, file: string, scope: PartScope) => { fields: Record<string, FieldDecl>; steps: Step[]; count: number; complete: boolean; files: string[] };

/** The hook for the Steps block of the file on top of `scope.stack`; what it uses is pushed to `used`. */
export function usePartHook(scope: PartScope, used: UsedPart[], ctx: BlockContext, parsePart: ReadPart): UseHook {
  return (item, parentId, offset) => {
    const map = asMap(item);
    const pair = map?.items.find((p) => keyName(p) === "use");
    if (!map || !pair) return undefined;
    for (const other of map.items) {
      const key = keyName(other);
      if (other !== pair) ctx.report("invalid-step", ctx.pos(other.key), `\`use:\` takes no other key, so \`${key ?? describeNode(other.key)}:\` is not read.`, "Move it to a step of its own, or into the part.");
    }
    const ref = scalarText(pair.value)?.trim();
    const at = ctx.pos(pair.value);
    const nothing = (): Spliced => (ctx.lost(), { steps: [], count: 1 });
    if (!ref) {
      ctx.report("invalid-step", at, `\`use:\` is ${describeNode(pair.value)}, not the path of a part file.`, "Write the part's path from this file's folder: `use: ../parts/sign-in.md`.");
      return nothing();
    }
    const from = scope.stack.at(-1) ?? "";
    const read = scope.read?.(ref, from) ?? { file: ref };
    const loop = scope.stack.indexOf(read.file);
    if (loop >= 0) {
      const named = (f: string, i: number) => (i === 0 && loop === 0 ? "this skill" : `\`${scope.names.get(f) ?? f}\``);
      const chain = [...scope.stack.slice(loop).map(named), `\`${ref}\``].join(" uses ");
      ctx.report("part-cycle", at, `${chain} again: a part that uses itself, directly or through others, never ends.`, "Remove this `use:`, or move the steps both files need into a part that uses neither.");
      return nothing();
    }
    if (read.text === undefined) {
      const why = scope.read ? "cannot be read: there is no such file, or it is not UTF-8 text" : "cannot be read: this skill was read from its text alone, with no files beside it";
      ctx.report("part-not-found", at, `The part \`${ref}\` ${why}.`, "Check the path: it is written from this file's folder, like `use: ../parts/sign-in.md`.");
      return nothing();
    }
    if (!scope.names.has(read.file)) scope.names.set(read.file, ref);
    const part = parsePart(read.text, read.file, { ...scope, stack: [...scope.stack, read.file] });
    if (!part.complete) ctx.lost();
    moveIds(part.steps, parentId, offset);
    used.push({ file: read.file, ref, usePos: at, fields: part.fields, files: [read.file, ...part.files] });
    return { steps: part.steps, count: part.count };
  };
}

/** Renumber a part's steps as if written after `offset` steps of the list `parentId` ("" at the top). */
function moveIds(steps: readonly Step[], parentId: string, offset: number): void {
  for (const step of allSteps(steps)) {
    const [head, ...rest] = step.id.split(".");
    step.id = [...(parentId ? [parentId] : []), String(Number(head) + offset), ...rest].join(".");
  }
}
