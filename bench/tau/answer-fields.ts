/**
 * What the scripted person answers, from the task's data only: the value of a field a skill asks (by
 * the write input it is bound to, else by its name among who they are and the request's arguments),
 * and the field values a model would extract from their message, for the skill their request needs.
 * Nothing here is written per task. Pure.
 */
import type { Skill } from "@skillflow/core";
import type { ExtractRequest } from "@skillflow/langgraph";
import type { Route } from "./load-skills.js";
import type { Persona, Request } from "./persona.js";

/** The request being worked on: the task's write, and the skill that makes it with its bindings. */
export interface Target {
  request: Request;
  skill: string;
  /** Input of the request's tool → the field it is bound from. */
  binding: Record<string, string>;
  /** Input of the request's tool → the path in each record a `repeat … as:` gathered (pass-answers.ts). */
  gathered: Record<string, string[]>;
  /** The skill itself and its `do:`s of the request's tool, for a choice between branches (branch-choice.ts). */
  ir?: Skill;
  routes?: Route[];
  /** The branch the person took at each choices question the task's data does not name, by field. */
  chosen?: Map<string, string>;
}

/** The value the person gives for `field`, or undefined when the task's data does not say. */
export function valueFor(field: string, persona: Persona, target: Target): unknown {
  const chosen = target.chosen?.get(field);
  if (chosen !== undefined) return chosen;
  const identity = target.request.identity ?? persona.identity;
  const input = Object.entries(target.binding).find(([name, from]) => from === field && name !== field)?.[0];
  if (input !== undefined && input in target.request.args) return target.request.args[input];
  if (field in identity) return identity[field];
  if (field in target.request.args) return target.request.args[field];
  return undefined;
}

/**
 * The values for one extraction call: the target skill's name when it is not the one in progress
 * (with `intent: switch` when another is), and every field in scope the person has a value for.
 */
export function extractionFor(req: ExtractRequest, persona: Persona, target: Target): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const inProgress = req.skill.name === target.skill;
  if (!inProgress && req.skills) {
    values.skill = target.skill;
    if (req.skill.name) values.intent = "switch";
  }
  const fields = inProgress ? req.fields : req.skills?.find((s) => s.name === target.skill)?.fields ?? [];
  for (const field of fields) {
    const value = valueFor(field.name, persona, target);
    if (value === undefined) continue;
    if (field.shape.kind === "choices" && !field.shape.choices.includes(String(value))) continue;
    values[field.name] = value;
  }
  return values;
}

/** What the person types to start a request: the scenario's words for the first, a plain one after. */
export function openingText(target: Target, first: boolean, scenario: { reason?: string; known?: string }): string {
  if (first && scenario.reason) return [scenario.reason, scenario.known].filter(Boolean).join(" ");
  return `I also need this: ${target.request.tool.replaceAll("_", " ")} (${describeArgs(target.request.args)}).`;
}

function describeArgs(args: Record<string, unknown>): string {
  return Object.entries(args).map(([k, v]) => `${k.replaceAll("_", " ")} ${Array.isArray(v) ? v.join(", ") : String(v)}`).join("; ");
}
