// @skillflow/studio — the Studio: write a skill with a live check, see what it proves, run it, keep every
// version; and draft one from a sentence. Built on @skillflow/server. Named exports only (no `export *`).
export { createStudio } from "./create-studio.js";
export type { Studio, StudioOptions } from "./create-studio.js";
export { openStudioStore } from "./store/open-studio-store.js";
export type { StudioStore } from "./store/open-studio-store.js";
export type { Version, VersionInfo, VersionStore, NewVersion } from "./store/version-store.js";
export { SkillsFolderError } from "./skills/skills-folder.js";
export { draftSkill, DEFAULT_ROUNDS } from "./draft/draft-skill.js";
export type { DraftOptions, DraftResult, DraftRound } from "./draft/draft-skill.js";
export { draftModelOf, resolveDraftModel } from "./draft/draft-model.js";
export type { DraftModel, TextChatModel } from "./draft/draft-model.js";
export { AUTHOR_ROLE } from "./auth/identify-author.js";
