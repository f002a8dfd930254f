import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodeSkillBytes, findSkills, loadSkill } from "@skillflow/core/loader";
import { describeImportError } from "../packages/core/src/loader/describe-import-error.js";

const skills = fileURLToPath(new URL("./fixtures/loader/skills/", import.meta.url));
const context = { idempotencyKey: "key-1", now: "2025-01-01T00:00:00Z", signal: new AbortController().signal };

describe("loadSkill", () => {
  it("loads a skill folder with its tools.ts: checked IR, tool descriptions and runnable tools", async () => {
    const loaded = await loadSkill(join(skills, "weather"));
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.file).toBe(join(skills, "weather", "SKILL.md"));
    expect(loaded.skill?.steps.map((s) => s.kind)).toEqual(["ask", "do", "say", "confirm", "do"]);
    expect(loaded.skill?.tools.forecast).toMatchObject({
      kind: "lookup",
      params: [{ name: "city", type: { t: "string" }, optional: false, description: "City name" }],
      output: { t: "object", fields: { summary: { t: "string" }, degrees: { t: "int" } } },
    });
    expect(loaded.skill?.tools.file_note.kind).toBe("write");
    expect(Object.keys(loaded.tools)).toEqual(["forecast", "file_note"]);
    expect(await loaded.tools.forecast.run({ city: "Oslo" }, context)).toEqual({ summary: "sunny in Oslo", degrees: 21 });
  });

  it("accepts the SKILL.md path too, and evaluates tools.ts afresh on each load", async () => {
    const first = await loadSkill(join(skills, "weather", "SKILL.md"));
    const second = await loadSkill(join(skills, "weather", "SKILL.md"));
    expect(first.diagnostics).toEqual([]);
    expect(await first.tools.file_note.run({ city: "Oslo" }, context)).toEqual({ id: "Oslo:key-1:1" });
    expect(await second.tools.file_note.run({ city: "Oslo" }, context)).toEqual({ id: "Oslo:key-1:1" });
  });

  it("takes a path relative to the working directory and keeps it relative in the result", async () => {
    const path = relative(process.cwd(), join(skills, "weather"));
    const loaded = await loadSkill(path);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.file).toBe(join(path, "SKILL.md"));
    expect(Object.keys(loaded.tools)).toEqual(["forecast", "file_note"]);
  });

  it("reports a path that does not exist as file-unreadable, without a skill", async () => {
    const loaded = await loadSkill(join(skills, "nope"));
    expect(loaded.skill).toBeUndefined();
    expect(loaded.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.reason])).toEqual([["file-unreadable", 1, 1, "SKILL.md does not exist."]]);
  });
});

describe("decodeSkillBytes", () => {
  it("decodes UTF-8 and reports other bytes as a binary file at the first bad byte", () => {
    expect(decodeSkillBytes(new TextEncoder().encode("héllo"), "f").text).toBe("héllo");
    const bad = decodeSkillBytes(Uint8Array.from([0x61, 0x0a, 0x62, 0xff, 0x63]), "f");
    expect(bad.text).toBeUndefined();
    expect(bad.diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([["binary-file", 2, 2]]);
  });
});

describe("describeImportError", () => {
  it("locates a thrown error at its frame in tools.ts", () => {
    const error = new Error("no key");
    error.stack = "Error: no key\n    at /x/tools.ts:7:11\n    at eval (jiti.cjs:1:1)";
    expect(describeImportError(error, "/x/tools.ts")).toMatchObject({ ruleId: "tools-throws", line: 7, column: 11, reason: "tools.ts throws when it is imported: no key." });
  });

  it("locates a missing import at the line that imports it", () => {
    const error = Object.assign(new Error("Cannot find module 'left-pad'\nRequire stack:"), { code: "MODULE_NOT_FOUND" });
    const source = 'import { z } from "zod";\nimport pad from "left-pad";\n';
    expect(describeImportError(error, "/x/tools.ts", source)).toMatchObject({ ruleId: "tools-throws", line: 2, column: 17 });
  });
});

describe("findSkills", () => {
  it("finds skills below a folder without SKILL.md, recursively, skipping node_modules", async () => {
    const found = await findSkills([skills, join(skills, "missing")]);
    expect(found.files).toEqual([join(skills, "nested/deeper/greet/SKILL.md"), join(skills, "weather/SKILL.md")]);
    expect(found.missing).toEqual([join(skills, "missing")]);
  });

  it("takes a skill folder as one skill and a file as itself", async () => {
    const found = await findSkills([join(skills, "weather"), join(skills, "weather/SKILL.md")]);
    expect(found.files).toEqual([join(skills, "weather/SKILL.md")]);
  });
});
