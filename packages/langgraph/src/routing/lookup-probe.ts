/**
 * The `knows` probe of a routing request (`ExtractRequest.knows`): runs a hosted skill's `lookup:` field
 * tool with one value and says whether it answered `known: true`. Only read-only tools of fields that
 * are not secret are run, only
 * when the value is their one required input, with the flow's clock and a short timeout; a failure or
 * a timeout is "not known". Answers are cached per probe (one probe per message). Nothing is recorded:
 * the runtime runs the lookup again, as always, when the skill reaches the field.
 */
import { ownValue } from "@skillflow/core";
import { findSkill, type HostDeps } from "../graph/host-deps.js";
import type { KnowsValue } from "../understand/model-port.js";
import { runToolCall } from "../run-tool.js";

/** A probe should answer at once; a lookup slower than this counts as not knowing. */
const PROBE_TIMEOUT_MS = 2000;

export function lookupProbe(deps: HostDeps): KnowsValue {
  const answers = new Map<string, Promise<boolean>>();
  return (skillName, field, value) => {
    const key = JSON.stringify([skillName, field, value]);
    if (!answers.has(key)) answers.set(key, ask(deps, skillName, field, value));
    return answers.get(key)!;
  };
}

async function ask(deps: HostDeps, skillName: string, field: string, value: string): Promise<boolean> {
  const hosted = findSkill(deps, skillName);
  const decl = hosted && ownValue(hosted.skill.fields, field);
  const shape = decl?.shape;
  if (!hosted || !decl || decl.secret || shape?.kind !== "lookup") return false;
  const info = ownValue(hosted.skill.tools, shape.tool);
  const tool = ownValue(hosted.tools, shape.tool);
  if (info?.kind !== "lookup" || tool?.kind !== "lookup") return false;
  if (info.params.some((p) => !p.optional && p.name !== field)) return false;
  const call = { type: "call" as const, tool: shape.tool, kind: "lookup" as const, inputs: { [field]: value }, key: "", instance: "" };
  const timeoutMs = Math.min(deps.toolTimeoutMs, PROBE_TIMEOUT_MS);
  const result = await runToolCall(call, hosted.tools, { timeoutMs, now: deps.now });
  return result.ok && (result.output as { known?: unknown } | null)?.known === true;
}
