/**
 * Issue 38 C: the Studio's Canvas draws a `decide` step (its title names the decision and the role, its
 * options are listed) and the steps nested under the `when`s that read it, without crashing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importToolsBeside } from "@skillflow/core/loader";
import { analyzeText } from "../src/analysis/analyze-text.js";
import type { CanvasStep } from "../src/analysis/build-canvas.js";

const FIXTURES = fileURLToPath(new URL("../../../test/fixtures/decide/", import.meta.url));
const flat = (steps: readonly CanvasStep[]): CanvasStep[] => steps.flatMap((s) => [s, ...flat(s.steps ?? [])]);

describe("the Canvas of a decide", () => {
  it.each([["escalation", "decide escalation"], ["escalation-lead", "decide escalation by lead"]])("%s: the decide is drawn with its options", async (name, title) => {
    const file = join(FIXTURES, name, "SKILL.md");
    const { analysis } = await analyzeText(file, join(FIXTURES, name), readFileSync(file, "utf8"), await importToolsBeside(file));
    expect(analysis.passes).toBe(true);
    const decide = flat(analysis.canvas).find((s) => s.kind === "decide");
    expect(decide).toMatchObject({ title, text: "Three reviews of {ticket} without approval. What now?", options: ["send_back", "stop"] });
    expect(flat(analysis.canvas).find((s) => s.kind === "do")).toMatchObject({ title: "do reopen_ticket", gated: true });
  });
});
