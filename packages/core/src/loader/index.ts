// @skillflow/core/loader — the edge of the core: reads SKILL.md and imports tools.ts (jiti), then runs
// the pure parser and checks. The only core module allowed to touch the file system or jiti.
// Named exports only (no `export *`).
export { importToolsBeside, loadSkill, loadSkillText } from "./load-skill.js";
export type { LoadedSkill, LoadOptions, TextLoadOptions, ToolsBeside } from "./load-skill.js";
export { importTimeoutOf } from "./import-tools.js";
export { findSkills } from "./find-skills.js";
export { partFiles } from "./read-part-files.js";
export { looksLikeSkill, notASkillReason } from "./check-skill-path.js";
export type { FoundSkills } from "./find-skills.js";
export { checkSkillText, finishSkill } from "./check-skill-text.js";
export type { CheckedSkill } from "./check-skill-text.js";
export { collectTools } from "./collect-tools.js";
export type { CollectedTools } from "./collect-tools.js";
export { decodeSkillBytes } from "./read-skill-file.js";
export type { RunnableTool } from "../tools/runnable-tool.js";
