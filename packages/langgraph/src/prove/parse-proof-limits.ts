/**
 * `fixtures: { limits: … }` of a proof: the host's budget for the run, written as a skill's `## Limits`
 * block is (`turn` / `conversation`, each with `model_calls`, `tokens`, `cost`), turned into
 * `createFlow`'s `limits`. A wrong scope, measure or value is a located error. Pure.
 */
import { LIMIT_MEASURES, LIMIT_SCOPES } from "@skillflow/core";
import type { UsageLimits } from "../budget/budget-limits.js";
import type { ProofReader } from "./proof-reader.js";

export type ProofLimits = { turn?: UsageLimits; conversation?: UsageLimits };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function parseProofLimits(reader: ProofReader, value: unknown): ProofLimits {
  const example = "e.g. `limits: { conversation: { model_calls: 2 } }`";
  if (!isRecord(value)) throw reader.error(["fixtures", "limits"], `\`limits:\` maps \`turn\` and \`conversation\` to limits, ${example}.`);
  reader.checkKeys(["fixtures", "limits"], value, Object.keys(LIMIT_SCOPES), "limits scope");
  const limits: ProofLimits = {};
  for (const [scope, measures] of Object.entries(value)) {
    if (!isRecord(measures)) throw reader.error(["fixtures", "limits", scope], `\`${scope}:\` maps measures to limits, ${example}.`);
    reader.checkKeys(["fixtures", "limits", scope], measures, Object.keys(LIMIT_MEASURES), "limits measure");
    const scoped: UsageLimits = {};
    for (const [measure, n] of Object.entries(measures)) {
      const def = LIMIT_MEASURES[measure as keyof typeof LIMIT_MEASURES];
      const fits = typeof n === "number" && Number.isFinite(n) && n >= 0 && (def.form === "amount" || Number.isInteger(n));
      if (!fits) throw reader.error(["fixtures", "limits", scope, measure], `Give ${def.form === "amount" ? "a number" : "a whole number"} from 0.`);
      scoped[def.key] = n;
    }
    limits[scope as keyof ProofLimits] = scoped;
  }
  return limits;
}
