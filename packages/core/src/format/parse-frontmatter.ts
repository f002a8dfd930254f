/**
 * The frontmatter: `name` and `description` (both required, text), plus the optional keys of the Agent
 * Skills format (`license`, `compatibility`, `metadata`, `allowed-tools`), which Skillflow reads past.
 * Where the Agent Skills format asks more than Skillflow does, agent-skills.ts warns. Pure.
 */
import { checkAgentSkillsKey, checkAgentSkillsName } from "./agent-skills.js";
import { didYouMean } from "./suggest.js";
import type { ParseReport } from "./diagnose.js";
import type { SourceBlock } from "./find-blocks.js";
import { parseYamlBlock } from "./yaml-block.js";
import { asMap, keyName, scalarText } from "./yaml-node.js";

const KEYS = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"];

export interface SkillMeta {
  name: string;
  description: string;
}

/**
 * Read name and description; report what is missing or wrong. Missing values come back as "". `file`
 * (the SKILL.md's path) only words the fix of a name the Agent Skills format rejects.
 */
export function parseFrontmatter(block: SourceBlock | undefined, report: ParseReport, file = ""): SkillMeta {
  const meta = { name: "", description: "" };
  if (!block) {
    report(
      "frontmatter-invalid",
      { line: 1, column: 1 },
      "SKILL.md has no frontmatter, so the skill has no name or description.",
      "Start the file with `---`, then `name: …` and `description: …` lines, then `---`.",
    );
    return meta;
  }
  const { doc, ctx } = parseYamlBlock(block, "frontmatter", "frontmatter-syntax", report);
  if (!doc) return meta;
  const map = asMap(doc.contents);
  if (!map) {
    report("frontmatter-invalid", block.pos, "The frontmatter is not a list of `key: value` lines.", "Write `name: …` and `description: …` between the `---` lines.");
    return meta;
  }
  for (const pair of map.items) {
    const key = keyName(pair);
    if (key === "name" || key === "description") {
      const value = scalarText(pair.value)?.trim();
      if (!value) {
        report("frontmatter-invalid", ctx.pos(pair.value ?? pair.key), `The frontmatter's \`${key}\` is empty or not text.`, `Give \`${key}\` a line of text.`);
        continue;
      }
      meta[key] = value;
      if (key === "name") checkAgentSkillsName(value, ctx.pos(pair.value), report, file);
      else checkAgentSkillsKey(key, pair, (node) => ctx.pos(node), report);
    } else if (key !== undefined && KEYS.includes(key)) {
      checkAgentSkillsKey(key, pair, (node) => ctx.pos(node), report);
    } else {
      report("frontmatter-invalid", ctx.pos(pair.key), `\`${key ?? "?"}\` is not a frontmatter key.`, didYouMean(key ?? "", KEYS, "frontmatter keys"));
    }
  }
  for (const key of ["name", "description"] as const) {
    if (!map.items.some((pair) => keyName(pair) === key)) {
      report("frontmatter-invalid", block.pos, `The frontmatter has no \`${key}\`.`, `Add a \`${key}: …\` line to the frontmatter.`);
    }
  }
  return meta;
}
