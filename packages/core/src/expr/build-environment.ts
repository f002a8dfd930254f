/**
 * The CEL type environment of a skill: every field by its shape, every tool by name as its output type.
 * Builds new Environment objects (no global state); pure from the caller's point of view.
 */
import { Environment } from "@marcbachmann/cel-js";
import type { Skill } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";
import { fieldValueType } from "./field-type.js";
import { formatDate, formatMoney, formatTime } from "./format-words.js";
import { TypeTable } from "./type-table.js";

export interface SkillEnvironment {
  env: Environment;
  table: TypeTable;
  /** The declared value type of every variable, by name (fields, tools, loop variables). */
  vars: Map<string, ValueType>;
}

/** The declared variables of a skill: fields first; a tool with a field's name is left out. */
export function skillVariables(skill: Skill): Map<string, ValueType> {
  const vars = new Map<string, ValueType>();
  for (const field of Object.values(skill.fields)) vars.set(field.name, fieldValueType(field));
  for (const tool of Object.values(skill.tools)) if (!vars.has(tool.name)) vars.set(tool.name, tool.output);
  return vars;
}

/** The base environment: fields and tool outputs, then the repeats' gathered answers (`as:`, gathered-types.ts). */
export function buildSkillEnvironment(skill: Skill, gathered: ReadonlyMap<string, ValueType> = new Map()): SkillEnvironment {
  const env = new Environment({ homogeneousAggregateLiterals: false });
  registerSum(env);
  registerWords(env);
  const table = new TypeTable(env);
  const vars = new Map<string, ValueType>();
  for (const [name, vt] of skillVariables(skill)) declare(env, table, vars, name, vt);
  for (const [name, vt] of gathered) if (!vars.has(name)) declare(env, table, vars, name, vt);
  return { env, table, vars };
}

/** A child of `base` that also declares loop variables (the base is frozen by cloning, as cel-js does). */
export function extendEnvironment(base: SkillEnvironment, loopVars: Record<string, ValueType>): SkillEnvironment {
  const env = base.env.clone();
  const table = base.table.fork(env);
  const vars = new Map(base.vars);
  for (const [name, vt] of Object.entries(loopVars)) {
    if (vars.has(name)) continue;
    declare(env, table, vars, name, vt);
  }
  return { env, table, vars };
}

/**
 * `sum(list)`: the total of a list of numbers (CEL has none; a card shows a price difference summed over
 * a gathered list). Doubles are added in list order, as a tool summing them in a loop would. And
 * `round(x, digits)`, since such a sum of prices is 93.34000000000006 until it is rounded to cents.
 */
function registerSum(env: Environment): void {
  env.registerFunction("sum(list<double>): double", (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0));
  env.registerFunction("sum(list<int>): int", (xs: readonly bigint[]) => xs.reduce((a, x) => a + x, 0n));
  // `round(x, 2)`: to that many decimals (a sum of prices shown and compared in cents, as a store rounds it).
  env.registerFunction("round(double, int): double", (x: number, digits: bigint) => Number(x.toFixed(Number(digits))));
}

/**
 * Values in words for cards (format-words.ts): `money(total, "EUR")` is `1,275.00 EUR`, `money(x)` the
 * amount alone; `date(departs)` is `17 March 2027, 07:05`, `time(departs)` `07:05`.
 */
function registerWords(env: Environment): void {
  env.registerFunction("money(double): string", (x: number) => formatMoney(x));
  env.registerFunction("money(int): string", (x: bigint) => formatMoney(Number(x)));
  env.registerFunction("money(double, string): string", (x: number, currency: string) => formatMoney(x, currency));
  env.registerFunction("money(int, string): string", (x: bigint, currency: string) => formatMoney(Number(x), currency));
  env.registerFunction("date(string): string", (x: string) => formatDate(x));
  env.registerFunction("time(string): string", (x: string) => formatTime(x));
}

function declare(env: Environment, table: TypeTable, vars: Map<string, ValueType>, name: string, vt: ValueType): void {
  try {
    env.registerVariable(name, table.celType(vt, name));
    vars.set(name, vt);
  } catch {
    // A name CEL reserves (`in`, `package`, …) cannot be read in an expression; it stays undeclared.
  }
}
