/**
 * `flow serve --limit SCOPE.MEASURE=N` (repeatable, or several separated by commas) and `--prices
 * FILE`: the budget of every conversation the server runs, as `createFlow`'s `limits.turn` /
 * `limits.conversation` and `prices`. Scopes `turn` and `conversation`; measures `model-calls`,
 * `tokens` and `cost`. Read before anything opens; each mistake is one sentence. Whether the numbers
 * are allowed and the model has a price is `createFlow`'s check (a `BudgetError`).
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";

export interface UsageLimits { modelCalls?: number; tokens?: number; cost?: number }
export interface ServeBudget {
  limits?: { turn?: UsageLimits; conversation?: UsageLimits };
  prices?: Record<string, { input: number; output: number }>;
}

const MEASURES: Record<string, keyof UsageLimits> = { "model-calls": "modelCalls", tokens: "tokens", cost: "cost" };
const USAGE = "--limit takes SCOPE.MEASURE=NUMBER, the scope turn or conversation and the measure model-calls, tokens or cost (e.g. --limit conversation.tokens=50000)";

export type ReadBudget = { ok: true; budget: ServeBudget } | { ok: false; message: string };

/** The `--limit` values, parsed. Pure. */
export function parseLimits(values: string[]): ReadBudget {
  const limits: NonNullable<ServeBudget["limits"]> = {};
  for (const item of values.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean)) {
    const match = /^(turn|conversation)\.([a-z-]+)=(.+)$/.exec(item);
    const measure = match && Object.hasOwn(MEASURES, match[2]!) ? MEASURES[match[2]!] : undefined;
    const value = match ? Number(match[3]) : NaN;
    if (!match || !measure) return { ok: false, message: `${USAGE}, not "${item}"` };
    const whole = measure !== "cost";
    if (!Number.isFinite(value) || value < 0 || (whole && !Number.isInteger(value))) {
      return { ok: false, message: `--limit ${match[1]}.${match[2]} must be ${whole ? "a whole number" : "a number"} of at least 0, not "${match[3]}"` };
    }
    const scope = match[1] as "turn" | "conversation";
    limits[scope] = { ...limits[scope], [measure]: value };
  }
  return { ok: true, budget: Object.keys(limits).length ? { limits } : {} };
}

/** `--limit` and `--prices FILE` together. */
export async function readBudget(limitValues: string[] | undefined, pricesFile: string | undefined, cwd: string): Promise<ReadBudget> {
  const parsed = parseLimits(limitValues ?? []);
  if (!parsed.ok || pricesFile === undefined) return parsed;
  let text: string;
  try {
    text = await readFile(resolve(cwd, pricesFile), "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, message: code === "ENOENT" ? `prices file not found: ${pricesFile}` : `cannot read the prices file ${pricesFile}: ${(error as Error).message}` };
  }
  const prices = pricesOf(text);
  if (!prices) return { ok: false, message: `${pricesFile} is not a prices file: give JSON such as { "gemini:gemini-2.5-flash": { "input": 0.3, "output": 2.5 } } (per million tokens)` };
  return { ok: true, budget: { ...parsed.budget, prices } };
}

function pricesOf(text: string): ServeBudget["prices"] | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return undefined;
  const entries = Object.entries(data as Record<string, unknown>);
  const valid = entries.every(([, p]) => {
    const price = p as { input?: unknown; output?: unknown } | null;
    return !!price && typeof price.input === "number" && typeof price.output === "number" && price.input >= 0 && price.output >= 0;
  });
  return valid ? (Object.fromEntries(entries) as ServeBudget["prices"]) : undefined;
}

/** The banner's line: `conversation: 20 model calls, 0.5 estimated cost; turn: 8000 tokens`. Pure. */
export function describeBudget(budget: ServeBudget): string | undefined {
  const words: Record<keyof UsageLimits, string> = { modelCalls: "model calls", tokens: "tokens", cost: "estimated cost" };
  const scopes = (["conversation", "turn"] as const).flatMap((scope) => {
    const set = Object.entries(budget.limits?.[scope] ?? {}).map(([m, n]) => `${n} ${words[m as keyof UsageLimits]}`);
    return set.length ? [`${scope}: ${set.join(", ")}`] : [];
  });
  return scopes.length ? `${scopes.join("; ")} (model calls only: picks, presses and confirmed writes go on)` : undefined;
}
