/**
 * A field's shape and who may give it, in plain words ("a whole number from 1 to 14", "one of economy,
 * premium", "the person only"). Pure.
 */
import type { Shape, Skill } from "../format/ir.js";
import { giverOf } from "../runtime/who-may-set.js";
import type { Inline } from "./model.js";
import { code, inline } from "./inline.js";
import { describeRange as range } from "./describe-range.js";
import { refChain } from "./describe-value.js";

/** The shape of a value, in plain words. */
export function describeShape(shape: Shape): Inline {
  switch (shape.kind) {
    case "choices": return [`one of ${shape.choices.join(", ")}`];
    case "pattern": return inline("text matching ", code(shape.pattern));
    case "number": return [`a whole number${range(shape.min, shape.max)}`];
    case "decimal": {
      const places = shape.places === undefined ? "" : `, with at most ${shape.places} decimal places`;
      return [`a number${range(shape.min, shape.max)}${places}`];
    }
    case "lookup": return inline("a value that ", code(shape.tool), " recognises");
    case "text": return ["any text"];
    case "date": return ["a date"];
    case "yes_no": return ["yes or no"];
    case "pick": {
      const chain = refChain(shape.from.source);
      const list = chain?.path[chain.path.length - 1] ?? "matching";
      if (shape.many) return inline(`one or more rows of the ${list} list (`, code(shape.from.source.trim()), "), each once");
      return inline(`a row of the ${list} list (`, code(shape.from.source.trim()), ")");
    }
  }
}

/**
 * Who may give a field's value, in words, by the runtime's own rule (`giverOf`): secrets and picks (a
 * `pick` shape, or asked with `from:` anywhere) only the person; the rest the person or the model.
 */
export function describeGiver(skill: Skill, name: string): Inline {
  const giver = giverOf(skill, name);
  switch (giver.kind) {
    case "person-or-model": return ["the person or the assistant (model)"];
    case "secret": return ["the person only (a secret: never sent to or taken from the model)"];
    case "pick": return ["the person only (a pick from the list)"];
    case "confirmation": return describeConfirmer(undefined);
    case "approval": return describeConfirmer(giver.by);
    case "decision": return giver.by === undefined
      ? ["the person only (a choice at its question: a button, or an option typed)"]
      : inline("the ", code(giver.by), " role only (a choice from outside the conversation; a rejection is ", code("no"), ")");
    case "unknown": return ["nobody: not a field of this skill"];
  }
}

/** Who may answer a confirmation: the person by pressing yes, or only the named role. */
export function describeConfirmer(by: string | undefined): Inline {
  if (by === undefined) return ["the person only (a yes press)"];
  return inline("the ", code(by), " role only (an approval from outside the conversation)");
}
