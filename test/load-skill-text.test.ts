/**
 * `loadSkillText`: SKILL.md text that is not on disk (an editor's unsaved buffer) checked with the
 * tools.ts beside the file it stands for — the same checks as `loadSkill`, which reads the text first.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importToolsBeside, loadSkill, loadSkillText } from "@skillflow/core/loader";

const weather = fileURLToPath(new URL("./fixtures/loader/skills/weather/SKILL.md", import.meta.url));
const text = readFileSync(weather, "utf8");

describe("loadSkillText", () => {
  it("gives what loadSkill gives for the text on disk", async () => {
    const fromDisk = await loadSkill(weather);
    const fromText = await loadSkillText(weather, text);
    expect(fromText.diagnostics).toEqual(fromDisk.diagnostics);
    expect(fromText.skill).toEqual(fromDisk.skill);
    expect(Object.keys(fromText.tools)).toEqual(["forecast", "file_note"]);
  });

  it("checks the text it is given, not the file, against the tools.ts beside the file", async () => {
    const edited = text.replace("- do: forecast", "- do: forecst");
    const loaded = await loadSkillText(weather, edited);
    expect(loaded.skill).toBeUndefined();
    expect(loaded.diagnostics.map((d) => [d.ruleId, d.line, d.fix])).toEqual([
      ["unknown-tool", 20, "Did you mean `forecast`? Use the name of a tool in tools.ts, or define `forecst` there with `lookup()` or `action()`."],
    ]);
  });

  it("uses tools imported earlier instead of importing tools.ts again", async () => {
    const beside = await importToolsBeside(weather);
    expect(beside.toolsFile).toBe(join(weather, "..", "tools.ts"));
    const { file_note: _dropped, ...onlyForecast } = beside.collected.infos;
    const loaded = await loadSkillText(weather, text, { tools: { ...beside, collected: { ...beside.collected, infos: onlyForecast } } });
    expect(loaded.diagnostics.map((d) => [d.ruleId, d.line])).toEqual([["confirm-covers-nothing", 22], ["unknown-tool", 23]]);
  });

  it("reports a tool use without tools.ts where the SKILL.md would be", async () => {
    const elsewhere = join(weather, "..", "..", "no-such-skill", "SKILL.md");
    const loaded = await loadSkillText(elsewhere, text.replace(/^name: .*$/m, "name: no-such-skill"));
    expect(loaded.diagnostics.map((d) => [d.file, d.ruleId, d.line])).toEqual([[elsewhere, "tools-missing", 20]]);
  });
});
