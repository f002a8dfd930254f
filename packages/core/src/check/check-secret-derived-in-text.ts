/**
 * secret-derived-in-text (warning): a text shows the output of a tool that took a secret as an input
 * (directly, or through another such tool). That output may echo the secret, so the runtime shows it as
 * `[secret]` and never sends it to the model; the author probably meant something else. Pure.
 */
import { secretDerivedTools } from "../compile/compile-skill.js";
import { locateInExpr } from "../expr/locate.js";
import type { CheckContext } from "./context.js";
import { walkExpressions } from "./walk-steps.js";
import { ownValue } from "../own-value.js";

export function checkSecretDerivedInText(ctx: CheckContext): void {
  const derived = secretDerivedTools(ctx.skill);
  if (derived.size === 0) return;
  walkExpressions(ctx, ({ expr, role, place }) => {
    if (role !== "hole") return;
    for (const ref of ctx.exprs.refs(expr)) {
      if (ownValue(place.scope.loopVars, ref.root) || !derived.has(ref.root)) continue;
      ctx.report(
        "secret-derived-in-text", locateInExpr(expr, ref.start),
        `\`${ref.root}\` takes a secret as an input, so its output may carry the secret: this text shows \`[secret]\` in its place, and it is never sent to the model.`,
        `Show a value that does not come from \`${ref.root}\`, or remove \`{${expr.source}}\` from the text.`,
      );
    }
  });
}
