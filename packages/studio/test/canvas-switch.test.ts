/**
 * The Canvas draws a `switch` (and a `when … else`) as a block of its ways' steps, the first step of each
 * way naming the way, with the write gate as the checker has it (the deploy write covered on every way).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importToolsBeside } from "@skillflow/core/loader";
import { analyzeText } from "../src/analysis/analyze-text.js";

const FOLDER = fileURLToPath(new URL("../../../skills/deploy-pipeline/", import.meta.url));

describe("the Canvas of a switch", () => {
  it("draws each way's steps under the switch, naming the way at its first step", async () => {
    const file = join(FOLDER, "SKILL.md");
    const { analysis } = await analyzeText(file, FOLDER, readFileSync(file, "utf8"), await importToolsBeside(file));
    expect(analysis.passes).toBe(true);
    const risk = analysis.canvas.find((s) => s.id === "8")!;
    expect(risk).toMatchObject({ kind: "switch", title: "switch assess_risk.level" });
    expect(risk.steps!.map((s) => [s.id, s.way])).toEqual([["8.1", "case high"], ["8.2", "case acceptable"], ["8.3", "case low"]]);
    const tests = analysis.canvas.find((s) => s.id === "6")!;
    expect(tests.title).toBe("when run_tests.passed (else)");
    expect(tests.steps!.map((s) => s.way)).toEqual(["when true", "else"]);
    const deploy = analysis.canvas.find((s) => s.id === "10")!;
    expect(deploy).toMatchObject({ tool: "write", gated: true });
    expect(deploy.coveredBy!.map((c) => c.confirm)).toEqual(["release", "deploy"]);
  });
});
