/**
 * The skills `flow chat` talks to: one skill folder or SKILL.md, or a folder of skills (searched as
 * `flow check` searches it) to host together, routed by what the person asks. Every skill is loaded
 * and checked; when any has an error, all diagnostics are printed as `flow check` prints them.
 */
import { hasErrors, shownPath, sortDiagnostics, type Skill } from "@skillflow/core";
import { importTimeoutOf, loadSkill, loadSkillText, partFiles, type LoadedSkill } from "@skillflow/core/loader";
import { findSkillFiles } from "../find-skill-files.js";
import { useColor, type CliIo } from "../io.js";
import { formatText } from "../report/format-text.js";

export interface ChatSkill {
  skill: Skill;
  tools: LoadedSkill["tools"];
}

export type ChatSkills =
  | { ok: true; skills: ChatSkill[] }
  /** A path problem, as one sentence (exit 2). */
  | { ok: false; message: string }
  /** A skill with errors; its diagnostics are printed (exit 1). */
  | { ok: false; invalid: true };

/**
 * Load the skills at `targets` (relative to `io.cwd`). Prints diagnostics of skills that do not load.
 * `command` names the command in messages (`flow mcp` and `flow serve` load their skills the same way).
 * `textOf` may give the text to check in place of a SKILL.md on disk (`flow serve --studio-db`: the
 * Studio's newest passing version), still with the tools.ts beside it.
 */
export async function loadChatSkills(targets: string | readonly string[], io: CliIo, command = "chat", textOf?: (file: string) => Promise<string | undefined>): Promise<ChatSkills> {
  const found = await findSkillFiles(typeof targets === "string" ? [targets] : targets, command, io.cwd);
  if (found.errors.length > 0) return { ok: false, message: found.errors[0]!.message };
  const importTimeoutMs = importTimeoutOf(io.env);
  const parts = partFiles(); // a part several skills use is read once
  const loaded = await Promise.all(found.files.map(async (file) => {
    const text = await textOf?.(file);
    return text === undefined ? loadSkill(file, { importTimeoutMs, parts }) : loadSkillText(file, text, { importTimeoutMs, parts });
  }));
  const diagnostics = loaded.flatMap((l) => l.diagnostics);
  if (hasErrors(diagnostics)) {
    const shown = sortDiagnostics(diagnostics.map((d) => ({ ...d, file: shownPath(d.file, io.cwd) })));
    io.stderr.write(formatText(shown, loaded.length, useColor(io)));
    const broken = loaded.filter((l) => !l.skill).map((l) => shownPath(l.file, io.cwd));
    io.stderr.write(`flow ${command}: ${broken.join(", ")} ${broken.length === 1 ? "does" : "do"} not load; fix the errors above (flow check shows them too).\n`);
    return { ok: false, invalid: true };
  }
  return { ok: true, skills: loaded.map((l) => ({ skill: l.skill!, tools: l.tools })) };
}
