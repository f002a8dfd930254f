/**
 * Resolving `createFlow({ skills: [...] })`: each entry a loaded skill, a path, or `{ skill, tools }`.
 * Each skill keeps its own tools (two skills may have tools of the same name); the flow-wide `tools`
 * option is added to each, an entry's own `tools` win over it. Names must be unique: they are how the
 * model, the checkpointed state and the proofs name a skill. A field kept for the conversation
 * (`keep: conversation`) must be declared the same way by every hosted skill that keeps it
 * (`kept-field-differs`), or one skill's answer would be given to another that checks it otherwise.
 */
import { checkKeptFields, type Skill } from "@skillflow/core";
import type { HostedSkill } from "../graph/host-deps.js";
import { FlowLoadError, loadFlowSkill, toolRecord, type FlowTool } from "../load-flow-skill.js";

type Tools = Record<string, FlowTool> | FlowTool[];

/** One entry of `skills`: a loaded skill, a skill folder or SKILL.md path, or a skill with its own tools. */
export type FlowSkillSource = Skill | string | { skill: Skill | string; tools?: Tools | undefined };

/** Load every entry; throws on a skill that does not load (FlowLoadError) or a repeated name. */
export async function loadHostedSkills(sources: FlowSkillSource[], tools?: Tools): Promise<HostedSkill[]> {
  const hosted: HostedSkill[] = [];
  // One reader for every skill given by path: a part they share (`use:`) is read once.
  const parts = sources.some((s) => typeof unpack(s).skill === "string") ? (await import("@skillflow/core/loader")).partFiles() : undefined;
  for (const source of sources) {
    const { skill, own } = unpack(source);
    const loaded = await loadFlowSkill(skill, { ...toolRecord(tools), ...toolRecord(own) }, parts ? { parts } : {});
    if (hosted.some((h) => h.skill.name === loaded.skill.name)) {
      throw new Error(`createFlow: two skills are named ${loaded.skill.name}; each hosted skill needs its own name.`);
    }
    hosted.push(loaded);
  }
  const conflicts = checkKeptFields(hosted.map((h) => h.skill));
  if (conflicts.length > 0) throw new FlowLoadError(conflicts[0]!.file, conflicts);
  return hosted;
}

function unpack(source: FlowSkillSource): { skill: Skill | string; own?: Tools | undefined } {
  if (typeof source === "string" || "steps" in source) return { skill: source };
  return { skill: source.skill, own: source.tools };
}
