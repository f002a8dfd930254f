/**
 * Golden tests for `flow procedure`: every example skill's procedure is committed beside it as
 * skills/<name>/PROCEDURE.md and must equal what the skill generates now. Rewrite them with
 * `UPDATE=1 npx vitest run test/procedure-golden.test.ts`. Then `flow procedure --check` on each
 * committed file passes, and fails with a diff once the skill changes.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { cli, type CliIo } from "@skillflow/cli";
import { renderProcedure } from "@skillflow/core";
import { loadSkill } from "@skillflow/core/loader";

const root = fileURLToPath(new URL("..", import.meta.url));
// Every skill folder under skills/, and each skill of a folder of skills (retail/cancel-order).
const folders = (dir: string): string[] => readdirSync(join(root, "skills", dir), { withFileTypes: true })
  .filter((e) => e.isDirectory()).map((e) => (dir ? `${dir}/${e.name}` : e.name));
const skills = folders("")
  .flatMap((name) => (existsSync(join(root, "skills", name, "SKILL.md")) ? [name] : folders(name)))
  .filter((name) => existsSync(join(root, "skills", name, "SKILL.md")))
  .sort();

function memoryIo(cwd: string): { io: CliIo; stdout: () => string; stderr: () => string } {
  let [out, err] = ["", ""];
  const io: CliIo = {
    stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, cwd, isTTY: false, env: {},
  };
  return { io, stdout: () => out, stderr: () => err };
}

async function flow(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await cli(["procedure", ...argv], io);
  return { code, stdout: stdout(), stderr: stderr() };
}

describe("committed procedures (skills/*/PROCEDURE.md)", () => {
  it("there are example skills to cover", () => {
    expect(skills).toEqual(expect.arrayContaining(["conference-trip"]));
    expect(skills.length).toBeGreaterThanOrEqual(3);
  });
  for (const name of skills) {
    it(`${name}: PROCEDURE.md is what the skill generates`, async () => {
      const loaded = await loadSkill(join(root, "skills", name));
      expect(loaded.skill, JSON.stringify(loaded.diagnostics)).toBeDefined();
      const generated = renderProcedure(loaded.skill!, "md");
      const file = join(root, "skills", name, "PROCEDURE.md");
      if (process.env.UPDATE === "1") writeFileSync(file, generated);
      expect(generated).toBe(readFileSync(file, "utf8"));
      expect(renderProcedure(loaded.skill!, "md")).toBe(generated);
    });
    it(`${name}: flow procedure --check passes on the committed file`, async () => {
      const result = await flow("--check", `skills/${name}/PROCEDURE.md`);
      expect(result.stdout).toBe(`skills/${name}/PROCEDURE.md: up to date\n`);
      expect(result.code).toBe(0);
    });
  }
  it("flow procedure SKILL prints the committed procedure", async () => {
    const result = await flow("skills/conference-trip");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(readFileSync(join(root, "skills/conference-trip/PROCEDURE.md"), "utf8"));
  });
  it("a folder of skills is checked beside each SKILL.md", async () => {
    const result = await flow("skills", "--check", "PROCEDURE.md");
    expect(result.stdout).toBe(skills.map((n) => `skills/${n}/PROCEDURE.md: up to date\n`).join(""));
    expect(result.code).toBe(0);
  });
});

describe("flow procedure --check after the skill changed", () => {
  // Inside the repository, so the copied tools.ts still resolves @skillflow/core and zod.
  const scratch = join(root, "node_modules", ".cache");
  let dir = "";
  afterAll(async () => { if (dir) await rm(dir, { recursive: true, force: true }); });

  it("exits 1 and prints a unified diff of the first differences", async () => {
    await mkdir(scratch, { recursive: true });
    dir = await mkdtemp(join(scratch, "procedure-check-"));
    await cp(join(root, "skills/conference-trip"), dir, { recursive: true });
    const skillFile = join(dir, "SKILL.md");
    const text = await readFile(skillFile, "utf8");
    await writeFile(skillFile, text.replace("How many nights will you stay?", "How many nights do you need?"));
    const committed = relative(root, join(dir, "PROCEDURE.md"));
    const result = await flow("--check", committed);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${committed}: out of date with ${relative(root, skillFile)}`);
    expect(result.stdout).toContain(`--- ${committed} (committed)`);
    expect(result.stdout).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@$/m);
    expect(result.stdout).toContain('\n-| `nights` | 3 | "How many nights will you stay?"');
    expect(result.stdout).toContain('\n+| `nights` | 3 | "How many nights do you need?"');
    expect(result.stdout).toContain('\n+- **3** Ask: "How many nights do you need?" (`nights`)');
  });
});
