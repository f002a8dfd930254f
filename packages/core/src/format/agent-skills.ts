/**
 * What the Agent Skills format asks of a SKILL.md's frontmatter beyond what Skillflow needs: a name of
 * 1–64 lowercase letters, digits and single hyphens that is also its folder's name, a description of at
 * most 1,024 characters, a compatibility note of at most 500, `metadata` as a map of text to text and
 * `allowed-tools` as one line of text. Skillflow runs a skill that breaks these (a name with `_` has
 * always worked), so each is a warning naming the Agent Skills rule: another Agent Skills host, or the
 * format's own validator, would reject the file. The rules follow the specification
 * (agentskills.io/specification) and its reference validator (NFKC-normalised names; letters may be
 * any lowercase letter). Pure: the folder is read from the file's path as text.
 */
import { isMap, isScalar, type Pair } from "yaml";
import type { Position } from "./ir.js";
import type { ParseReport } from "./diagnose.js";

const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;
const MAX_COMPATIBILITY = 500;

/** Why `name` is not an Agent Skills name, or undefined when it is one. Pure. */
export function agentSkillsNameProblem(name: string): string | undefined {
  const n = name.normalize("NFKC");
  if ([...n].length > MAX_NAME) return `it is ${[...n].length} characters long, and the limit is ${MAX_NAME}`;
  if (n !== n.toLowerCase()) return "it has capital letters";
  if (!/^[\p{L}\p{N}-]+$/u.test(n)) return n.includes("_") ? "it has `_`, and only letters, digits and hyphens are allowed" : "it has characters other than letters, digits and hyphens";
  if (n.startsWith("-") || n.endsWith("-")) return "it starts or ends with a hyphen";
  if (n.includes("--")) return "it has two hyphens in a row";
  return undefined;
}

/** The Agent Skills name closest to `name`: lowercase, `_` and spaces as single hyphens. Pure. */
export function agentSkillsName(name: string): string {
  const n = name.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
  return [...n].slice(0, MAX_NAME).join("").replace(/-+$/, "") || "skill";
}

/** The folder a SKILL.md path sits in (`skills/conference-trip/SKILL.md` → `conference-trip`), if any. Pure. */
export function skillFolderOf(file: string): string | undefined {
  const parts = file.split(/[\\/]/).filter((p) => p !== "" && p !== ".");
  if (parts.length < 2 || parts.at(-1) !== "SKILL.md") return undefined;
  const folder = parts.at(-2)!;
  return folder === ".." ? undefined : folder;
}

/** Warn when the skill's name is not an Agent Skills name; `file` only words the fix. */
export function checkAgentSkillsName(name: string, pos: Position, report: ParseReport, file = ""): void {
  const problem = agentSkillsNameProblem(name);
  if (!problem) return;
  const better = agentSkillsName(name);
  report(
    "agent-skills-name",
    pos,
    `\`${name}\` is not an Agent Skills name: ${problem}. Skillflow runs it, but the Agent Skills format takes 1–${MAX_NAME} lowercase letters, digits and single hyphens, so other Agent Skills hosts reject the file.`,
    skillFolderOf(file) === better ? `Name the skill \`${better}\`, as its folder is named.` : `Name the skill \`${better}\`, and its folder too.`,
  );
}

/**
 * Warn when a skill with an Agent Skills name sits in a folder of another name. Only for a SKILL.md on
 * disk (the loader calls it): the parser is also given made-up paths.
 */
export function checkNameIsFolder(name: string, file: string, pos: Position, report: ParseReport): void {
  const folder = skillFolderOf(file);
  if (agentSkillsNameProblem(name) || folder === undefined || folder.normalize("NFKC") === name.normalize("NFKC")) return;
  report(
    "agent-skills-name",
    pos,
    `The skill is named \`${name}\`, but its folder is \`${folder}\`: the Agent Skills format names a skill after its folder.`,
    `Rename the folder to \`${name}\`, or the skill to \`${folder}\`.`,
  );
}

/** Where the frontmatter's `name:` value starts in SKILL.md `text` (line 1 when there is none). Pure. */
export function namePosition(text: string): Position {
  const lines = text.split("\n");
  for (let i = 1; i < lines.length && lines[i]!.trim() !== "---"; i++) {
    const match = /^name:\s*/.exec(lines[i]!);
    if (match) return { line: i + 1, column: match[0].length + 1 };
  }
  return { line: 1, column: 1 };
}

/** Warn about the optional keys and the description, where the Agent Skills format limits them. */
export function checkAgentSkillsKey(key: string, pair: Pair, posOf: (node: unknown) => Position, report: ParseReport): void {
  const value = pair.value;
  const text = isScalar(value) && typeof value.value === "string" ? value.value : undefined;
  const fix = (what: string, at: unknown = value ?? pair.key) => report("agent-skills-field", posOf(at), what, fixFor(key));
  if (key === "description" && text !== undefined && text.trim().length > MAX_DESCRIPTION) {
    fix(`The description is ${text.trim().length} characters long; the Agent Skills format allows at most ${MAX_DESCRIPTION}.`);
  } else if (key === "compatibility") {
    if (text === undefined) fix("`compatibility` is not text; the Agent Skills format takes a line of text there.");
    else if (text.length > MAX_COMPATIBILITY) fix(`\`compatibility\` is ${text.length} characters long; the Agent Skills format allows at most ${MAX_COMPATIBILITY}.`);
  } else if (key === "allowed-tools" && text === undefined) {
    fix("`allowed-tools` is not text; the Agent Skills format takes the tools as one line, separated by spaces.");
  } else if (key === "metadata") {
    const notText = isMap(value) ? value.items.find((p) => !(isScalar(p.value) && typeof p.value.value === "string")) : undefined;
    if (!isMap(value)) fix("`metadata` is not a map; the Agent Skills format takes a map from text keys to text values.");
    else if (notText) fix("`metadata` has a value that is not text; the Agent Skills format takes a map from text keys to text values.", notText.value ?? notText.key);
  }
}

function fixFor(key: string): string {
  if (key === "description") return "Shorten the description; say the rest in the body.";
  if (key === "metadata") return "Write `metadata:` as `key: \"value\"` lines, quoting numbers and dates.";
  if (key === "allowed-tools") return "Write the tools as one line, e.g. `allowed-tools: search_flights hold_flight`.";
  return "Write `compatibility:` as one short line of text.";
}
