/**
 * Whether a file given as a skill is one, before it is loaded: a file named SKILL.md always is (what is
 * wrong inside it is a diagnostic); another Markdown file is a skill only when it reads like one — skill
 * frontmatter (a `name:` or `description:` line between `---` fences at the top) or a Steps heading.
 * Otherwise it was named by mistake (`flow check README.md`): a usage error, one sentence, instead of
 * two diagnostics about a SKILL.md that is not one. The edge: reads the start of the file.
 */
import { open } from "node:fs/promises";
import { basename } from "node:path";

/** Enough of a file to see its frontmatter and headings. */
const HEAD_BYTES = 64 * 1024;

const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n(?:(?!---)[^\n]*\n)*?(?:name|description)[ \t]*:/;
const STEPS_HEADING = /^#{1,6}[ \t]+steps[ \t]*#*[ \t]*$/im;

/** Whether the text reads like a skill: skill frontmatter or a Steps heading. Pure. */
export function looksLikeSkill(text: string): boolean {
  return FRONTMATTER.test(text) || STEPS_HEADING.test(text);
}

/**
 * Why the file at `file` (shown as `shown`) is not a skill, or undefined when it is one or cannot be
 * read (then loading it reports why, as a diagnostic). Folders are not judged here.
 */
export async function notASkillReason(file: string, shown: string = file): Promise<string | undefined> {
  if (basename(file) === "SKILL.md") return undefined;
  if (!/\.(md|markdown)$/i.test(file)) return `${shown} is not a skill: a skill is a SKILL.md file or the folder that holds one`;
  const head = await readHead(file);
  if (head === undefined || looksLikeSkill(head)) return undefined;
  return `${shown} is not a skill: it is not named SKILL.md and has no skill frontmatter and no Steps block; give a skill folder or its SKILL.md`;
}

async function readHead(file: string): Promise<string | undefined> {
  const handle = await open(file, "r").catch(() => undefined);
  if (!handle) return undefined;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
