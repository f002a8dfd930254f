/**
 * secret-in-text: a secret field shown in a say, a question or a confirm's text. Secrets are never
 * shown, logged in clear, or sent to the model. Pure.
 */
import { locateInExpr } from "../expr/locate.js";
import type { CheckContext } from "./context.js";
import { walkExpressions } from "./walk-steps.js";
import { ownValue } from "../own-value.js";

export function checkSecretInText(ctx: CheckContext): void {
  walkExpressions(ctx, ({ expr, role, step, place }) => {
    if (role !== "hole") return;
    for (const ref of ctx.exprs.refs(expr)) {
      if (ownValue(place.scope.loopVars, ref.root) || !ownValue(ctx.skill.fields, ref.root)?.secret) continue;
      ctx.report(
        "secret-in-text", locateInExpr(expr, ref.start),
        `\`${ref.root}\` is secret, but this ${textWord(step.kind)} would show it.`,
        `Remove \`{${expr.source}}\` from the text; a secret is only checked, never shown.`,
      );
    }
  });
}

/** What the text holding the hole is called in the message. Pure. */
function textWord(kind: string): string {
  if (kind === "ask") return "question";
  if (kind === "confirm") return "confirm text";
  if (kind === "handoff" || kind === "end") return "`tell:` text";
  return "text";
}
