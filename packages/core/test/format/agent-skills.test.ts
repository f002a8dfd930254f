/**
 * The Agent Skills rules, against the specification's own examples (agentskills.io/specification: the
 * valid and invalid names it lists, the 64/1,024/500 limits, `metadata` as text to text) and the
 * behaviour of its reference validator (skills-ref: NFKC, any lowercase letter, the folder's name).
 */
import { describe, expect, it } from "vitest";
import { agentSkillsName, agentSkillsNameProblem, checkNameIsFolder, namePosition, skillFolderOf } from "../../src/format/agent-skills.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import type { ParseReport } from "../../src/format/diagnose.js";

const skill = (frontmatter: string) => `---\n${frontmatter}\n---\n\n## Steps\n\n\`\`\`yaml\n- say: "Hello."\n\`\`\`\n`;
const rules = (text: string) => parseSkill(text, "x/SKILL.md").diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.ruleId}`);
const reasons = (text: string) => parseSkill(text, "x/SKILL.md").diagnostics.map((d) => d.reason);

describe("Agent Skills names", () => {
  it("accepts the specification's valid names", () => {
    for (const name of ["pdf-processing", "data-analysis", "code-review", "a", "code-review-helper", "skill2", "x".repeat(64), "café-menü"]) {
      expect(agentSkillsNameProblem(name), name).toBeUndefined();
    }
  });

  it("rejects the specification's invalid names, each with its reason", () => {
    expect(agentSkillsNameProblem("PDF-Processing")).toBe("it has capital letters");
    expect(agentSkillsNameProblem("-pdf")).toBe("it starts or ends with a hyphen");
    expect(agentSkillsNameProblem("pdf-")).toBe("it starts or ends with a hyphen");
    expect(agentSkillsNameProblem("pdf--processing")).toBe("it has two hyphens in a row");
    expect(agentSkillsNameProblem("pdf processing")).toBe("it has characters other than letters, digits and hyphens");
    expect(agentSkillsNameProblem("pdf_processing")).toBe("it has `_`, and only letters, digits and hyphens are allowed");
    expect(agentSkillsNameProblem("x".repeat(65))).toBe("it is 65 characters long, and the limit is 64");
  });

  it("suggests the closest valid name", () => {
    expect(agentSkillsName("conference_trip")).toBe("conference-trip");
    expect(agentSkillsName("PDF  Processing_")).toBe("pdf-processing");
    expect(agentSkillsName("__")).toBe("skill");
    expect(agentSkillsNameProblem(agentSkillsName(`a_${"b".repeat(70)}`))).toBeUndefined();
  });

  it("warns about `_` in a name, and the skill still parses with that name", () => {
    const text = skill("name: conference_trip\ndescription: Book a trip.");
    const parsed = parseSkill(text, "conference_trip/SKILL.md");
    expect(parsed.skill?.name).toBe("conference_trip");
    expect(parsed.diagnostics.map((d) => [d.line, d.column, d.severity, d.ruleId, d.fix])).toEqual([
      [2, 7, "warning", "agent-skills-name", "Name the skill `conference-trip`, and its folder too."],
    ]);
    expect(parsed.diagnostics[0]!.reason).toContain("other Agent Skills hosts reject the file");
    const inItsFolder = parseSkill(text, "skills/conference-trip/SKILL.md").diagnostics.map((d) => d.fix);
    expect(inItsFolder).toEqual(["Name the skill `conference-trip`, as its folder is named."]);
  });

  it("names the folder a SKILL.md path sits in, and only for a SKILL.md", () => {
    expect(skillFolderOf("skills/conference-trip/SKILL.md")).toBe("conference-trip");
    expect(skillFolderOf("C:\\skills\\trip\\SKILL.md")).toBe("trip");
    expect(skillFolderOf("./SKILL.md")).toBeUndefined();
    expect(skillFolderOf("skills/trip/notes.md")).toBeUndefined();
  });

  it("warns when a valid name is not its folder's name, but not for a name already warned about", () => {
    const seen: string[] = [];
    const report: ParseReport = (id, pos, reason, fix) => seen.push(`${pos.line}:${pos.column} ${id} ${reason} ${fix}`);
    checkNameIsFolder("pdf", "my-folder/SKILL.md", { line: 2, column: 7 }, report);
    checkNameIsFolder("pdf-processing", "skills/pdf-processing/SKILL.md", { line: 2, column: 7 }, report);
    checkNameIsFolder("Pdf", "my-folder/SKILL.md", { line: 2, column: 7 }, report);
    expect(seen).toEqual([
      "2:7 agent-skills-name The skill is named `pdf`, but its folder is `my-folder`: the Agent Skills format names a skill after its folder. Rename the folder to `pdf`, or the skill to `my-folder`.",
    ]);
  });

  it("finds the name's line and column inside the frontmatter only", () => {
    expect(namePosition("---\ndescription: d\nname:   trip\n---\n")).toEqual({ line: 3, column: 9 });
    expect(namePosition("---\ndescription: d\n---\nname: body\n")).toEqual({ line: 1, column: 1 });
  });
});

describe("Agent Skills optional keys", () => {
  it("accepts the specification's full example without a diagnostic", () => {
    const text = skill([
      "name: pdf-processing",
      "description: Extract text and tables from PDF files, fill forms, merge documents.",
      "license: Apache-2.0",
      "compatibility: Requires Skillflow 1 or a host that reads Markdown",
      "metadata:",
      "  author: example-org",
      '  version: "1.0"',
      "allowed-tools: Bash(git:*) Read",
    ].join("\n"));
    expect(rules(text)).toEqual([]);
  });

  it("warns at the limits: a description over 1,024 characters, a compatibility over 500", () => {
    expect(rules(skill(`name: a\ndescription: ${"d".repeat(1024)}`))).toEqual([]);
    expect(rules(skill(`name: a\ndescription: ${"d".repeat(1025)}`))).toEqual(["3:14 warning agent-skills-field"]);
    expect(rules(skill(`name: a\ndescription: d\ncompatibility: ${"c".repeat(500)}`))).toEqual([]);
    expect(reasons(skill(`name: a\ndescription: d\ncompatibility: ${"c".repeat(501)}`))).toEqual([
      "`compatibility` is 501 characters long; the Agent Skills format allows at most 500.",
    ]);
  });

  it("warns about metadata that is not text to text, and allowed-tools that is not one line", () => {
    expect(reasons(skill("name: a\ndescription: d\nmetadata:\n  version: 1.0"))).toEqual([
      "`metadata` has a value that is not text; the Agent Skills format takes a map from text keys to text values.",
    ]);
    expect(reasons(skill("name: a\ndescription: d\nmetadata: v1"))).toEqual([
      "`metadata` is not a map; the Agent Skills format takes a map from text keys to text values.",
    ]);
    expect(reasons(skill("name: a\ndescription: d\nallowed-tools: [Read, Write]"))).toEqual([
      "`allowed-tools` is not text; the Agent Skills format takes the tools as one line, separated by spaces.",
    ]);
  });

  it("still refuses a key neither format knows", () => {
    expect(rules(skill("name: a\ndescription: d\nversion: 2"))).toEqual(["4:1 error frontmatter-invalid"]);
  });
});
