/**
 * A `decide` step in plain words: "Ask the person to choose: "…" (`escalation`): `send_back` "Send it
 * back to the developer", or `stop` "Stop the work"", or with `by:` "Ask the `lead` role to choose: …",
 * with the note that the choice comes from that role only and that a no is a way of its own. Pure.
 */
import type { DecideStep } from "../format/ir.js";
import type { Inline, StepLine } from "./model.js";
import { code, inline, joinList, quoted } from "./inline.js";

/** The decide's line and its notes. */
export function decideLine(step: DecideStep): Omit<StepLine, "number" | "depth"> {
  const options = joinList(step.options.map((o) => inline(code(o.key), ` ${quoted(o.label)}`)), ", ", ", or ");
  const who = step.by !== undefined ? inline("Ask the ", code(step.by), " role to choose: ") : ["Ask the person to choose: "];
  const text = inline(who, quoted(step.question.source), " (", code(step.decide), "): ", options);
  const notes: Inline[] = step.by !== undefined
    ? [
        inline("The choice comes only from that role, outside the conversation; a no from ", code(step.by), " is the way ", code("no"), " of its own"),
      ]
    : [["The choice comes only from the person: a button, or an option's key or words typed; never from the model"]];
  notes.push(["It covers no change: a write after it still needs a confirm"]);
  return { text, notes };
}
