/**
 * `flow procedure` on the command line: output to a file (format from its extension), a folder of
 * skills, skills that do not load, a missing committed file, usage errors; and the diff it prints.
 */
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, type CliIo } from "@skillflow/cli";
import { formatDiff } from "@skillflow/core/edit";

const root = fileURLToPath(new URL("..", import.meta.url));

async function flow(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let [out, err] = ["", ""];
  const io: CliIo = {
    stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, cwd: root, isTTY: false, env: {},
  };
  const code = await cli(["procedure", ...argv], io);
  return { code, stdout: out, stderr: err };
}

describe("flow procedure", () => {
  let dir = "";
  beforeAll(async () => {
    await mkdir(join(root, "node_modules/.cache"), { recursive: true });
    dir = await mkdtemp(join(root, "node_modules/.cache/procedure-cli-"));
  });
  afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

  it("-o FILE writes the procedure there, as HTML when FILE ends in .html", async () => {
    const out = relative(root, join(dir, "trip.html"));
    const result = await flow("skills/conference-trip", "-o", out);
    expect(result).toEqual({ code: 0, stdout: `wrote ${out}\n`, stderr: "" });
    const html = await readFile(join(root, out), "utf8");
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("<h1>Procedure: Conference trip</h1>");
  });

  it("--format html prints a page; a folder prints each skill's Markdown", async () => {
    const page = await flow("skills/order-refund/SKILL.md", "--format", "html");
    expect(page.code).toBe(0);
    expect(page.stdout).toContain("<title>Procedure: Order refund</title>");
    const all = await flow("skills");
    expect(all.code).toBe(0);
    expect(all.stdout.match(/^# Procedure: /gm)!.length).toBeGreaterThanOrEqual(3);
  });

  it("a skill with load errors prints its diagnostics as flow check does, and exits 1", async () => {
    const result = await flow("test/fixtures/checks/ungated-write");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^test\/fixtures\/checks\/ungated-write\/SKILL\.md:\d+:\d+ error ungated-write: /m);
    expect(result.stderr).toMatch(/\d+ errors?(, \d+ warnings?)? in 1 skill\n$/);
  });

  it("--check on a file that does not exist exits 1 and says how to write it", async () => {
    const result = await flow("skills/conference-trip", "--check", relative(root, join(dir, "NOPE.md")));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("NOPE.md: missing; write it with: flow procedure skills/conference-trip -o ");
  });

  it("usage errors exit 2", async () => {
    expect((await flow()).code).toBe(2);
    expect((await flow("skills/nowhere")).stderr).toBe("flow procedure: path not found: skills/nowhere\n");
    const both = await flow("skills/conference-trip", "-o", "x.md", "--check", "x.md");
    expect(both).toMatchObject({ code: 2, stderr: "flow procedure: use either -o or --check, not both\n" });
    const pathForFolder = await flow("skills", "--check", "docs/PROCEDURE.md");
    expect(pathForFolder.code).toBe(2);
    expect(pathForFolder.stderr).toContain("is a folder of skills: give a file name to use beside each SKILL.md");
    expect((await flow("skills", "--format", "html")).code).toBe(2);
    expect((await flow("skills/conference-trip", "--format", "pdf")).code).toBe(2);
  });
});

describe("formatDiff", () => {
  it("shows each separate change as its own hunk, removals before additions", () => {
    const a = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"].join("\n");
    const b = ["1", "two", "3", "4", "5", "6", "7", "8", "nine", "10"].join("\n");
    expect(formatDiff(a, b, "old", "new")).toBe([
      "--- old", "+++ new",
      "@@ -1,4 +1,4 @@", " 1", "-2", "+two", " 3", " 4",
      "@@ -7,4 +7,4 @@", " 7", " 8", "-9", "+nine", " 10", "",
    ].join("\n"));
  });
  it("is empty for equal texts and cut after maxLines", () => {
    expect(formatDiff("a\nb", "a\nb", "x", "y")).toBe("");
    const long = formatDiff(Array.from({ length: 100 }, (_, i) => `a${i}`).join("\n"), Array.from({ length: 100 }, (_, i) => `b${i}`).join("\n"), "x", "y", 10);
    expect(long.split("\n").filter((l) => /^[-+][ab]\d/.test(l))).toHaveLength(10);
    expect(long).toContain("… (diff cut after 10 lines)");
  });
});
