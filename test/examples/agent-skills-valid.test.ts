/**
 * Every skill in skills/ is also a valid Agent Skill. The oracle here is written from the Agent Skills
 * specification (agentskills.io/specification), independently of `flow check`'s own rule: the
 * frontmatter read with the `yaml` package, only the format's keys, a name of lowercase letters, digits
 * and single hyphens of at most 64 characters that is its folder's name, a description of 1–1,024
 * characters, a compatibility of at most 500, metadata from text to text. `flow check` must report no
 * Agent Skills warning on them either.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadSkill } from "@skillflow/core/loader";

const root = fileURLToPath(new URL("../..", import.meta.url));
const ALLOWED = new Set(["name", "description", "license", "compatibility", "metadata", "allowed-tools"]);

function skillFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === "node_modules" || !statSync(path).isDirectory()) return entry === "SKILL.md" ? [path] : [];
    return skillFiles(path);
  });
}

/** What the specification says is wrong with this SKILL.md, as short phrases. */
function specProblems(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!front) return ["no frontmatter"];
  const meta = parse(front[1]!) as Record<string, unknown>;
  const problems = Object.keys(meta).filter((k) => !ALLOWED.has(k)).map((k) => `key ${k}`);
  const name = meta.name;
  if (typeof name !== "string" || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) || name.length > 64) problems.push(`name ${String(name)}`);
  if (name !== basename(dirname(file))) problems.push(`name ${String(name)} is not folder ${basename(dirname(file))}`);
  const description = meta.description;
  if (typeof description !== "string" || description.length === 0 || description.length > 1024) problems.push("description");
  if (meta.compatibility !== undefined && (typeof meta.compatibility !== "string" || meta.compatibility.length > 500)) problems.push("compatibility");
  if (meta.metadata !== undefined && !(typeof meta.metadata === "object" && Object.values(meta.metadata as object).every((v) => typeof v === "string"))) problems.push("metadata");
  return problems;
}

const files = skillFiles(join(root, "skills"));

describe("the example skills are Agent Skills", () => {
  it("finds every skill folder, the retail ones and the trip over MCP included", () => {
    expect(files.length).toBeGreaterThanOrEqual(14);
    expect(files.map((f) => relative(root, f))).toContain("skills/conference-trip/over-mcp/conference-trip/SKILL.md");
  });

  for (const file of files) {
    it(`${relative(root, file)} passes the specification's rules and flow check's`, async () => {
      expect(specProblems(file)).toEqual([]);
      const loaded = await loadSkill(file);
      expect(loaded.diagnostics.filter((d) => d.ruleId.startsWith("agent-skills"))).toEqual([]);
    });
  }

  it("the oracle itself refuses what the specification refuses", () => {
    const fixture = join(root, "test/fixtures/checks/agent-skills-name/SKILL.md");
    expect(specProblems(fixture)).toEqual(["name agent_skills_name", "name agent_skills_name is not folder agent-skills-name"]);
  });
});
