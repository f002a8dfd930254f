/**
 * What `flow` says when it cannot do what was asked: one clear sentence with the path as it was typed,
 * a usage line after a wrong command line, never "internal error" for a file-system problem, and in
 * JSON mode (`--format json` or `--json`, on check and prove alike) a JSON error object on stdout.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const weather = "test/fixtures/loader/skills/weather";

async function run(argv: string[], cwd = root) {
  const mem = memoryIo(cwd);
  const code = await cli(argv, mem.io);
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

const scratch = () => mkdtempSync(join(tmpdir(), "flow-cli-"));

describe("flow procedure -o to a place that cannot be a file", () => {
  it("names a missing folder in one sentence and exits 2", async () => {
    const missing = join(scratch(), "no", "dir");
    const { code, stderr } = await run(["procedure", weather, "-o", `${missing}/x.md`]);
    expect(stderr).toBe(`flow procedure: cannot write ${missing}/x.md: the folder ${missing} does not exist\n`);
    expect(code).toBe(2);
  });

  it("says a folder is a folder and exits 2", async () => {
    const dir = scratch();
    const { code, stderr } = await run(["procedure", weather, "-o", dir]);
    expect(stderr).toBe(`flow procedure: cannot write ${dir}: it is a folder, not a file\n`);
    expect(code).toBe(2);
  });

  it("reports a committed procedure that is a folder as unreadable, not missing", async () => {
    const dir = scratch();
    mkdirSync(join(dir, "PROCEDURE.md"));
    writeFileSync(join(dir, "SKILL.md"), "---\nname: x\ndescription: y\n---\n\n## Steps\n\n```yaml\n- say: hi\n```\n");
    const { code, stdout, stderr } = await run(["procedure", "--check", join(dir, "PROCEDURE.md")]);
    expect(stderr).not.toContain("internal error");
    expect(stdout).toBe(`cannot read ${dir}/PROCEDURE.md: it is a folder, not a file\n`);
    expect(code).toBe(1);
  });
});

describe("JSON mode: errors are JSON on stdout too", () => {
  it.each([
    [["check", "--format", "json", "/missing"], "path not found: /missing"],
    [["check", "--json", "/missing"], "path not found: /missing"],
    [["prove", "--json", "/x/bad.proof.yaml"], "path not found: /x/bad.proof.yaml"],
    [["prove", "--format", "json", "/x/bad.proof.yaml"], "path not found: /x/bad.proof.yaml"],
    [["check", "--format=json"], "missing required argument 'paths'"],
    [["prove", "--json", "--frob", "x"], "unknown option '--frob'"],
    [["check", "--json", "--frmat", "x", "skills"], "unknown option '--frmat'. Did you mean --format?"],
  ])("%j → exit 2 and a JSON error object", async (argv, message) => {
    const { code, stdout, stderr } = await run(argv);
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toEqual({ version: 1, exitCode: 2, errors: [{ message }] });
    expect(stderr).toContain(message);
  });

  it("locates a proof file that does not parse in the JSON error", async () => {
    const { code, stdout } = await run(["prove", "--json", "test/fixtures/proofs/malformed/unknown-key.proof.yaml"]);
    expect(code).toBe(2);
    expect(JSON.parse(stdout).errors).toEqual([{
      message: "Unknown expectation key `aks`. Did you mean `asks`?", file: "test/fixtures/proofs/malformed/unknown-key.proof.yaml", line: 6, column: 7,
    }]);
  });

  it("writes no JSON in text mode", async () => {
    const { code, stdout } = await run(["check", "/missing"]);
    expect([code, stdout]).toEqual([2, ""]);
  });
});

describe("--format json and --json on both check and prove", () => {
  it("prove --format json prints the JSON report, as prove --json does", async () => {
    const file = "test/fixtures/proofs/failing/unscripted-call.proof.yaml";
    const long = await run(["prove", "--format", "json", file]);
    const short = await run(["prove", "--json", file]);
    expect(JSON.parse(long.stdout)).toMatchObject({ passed: 1, failed: 1 });
    expect(long.stdout).toBe(short.stdout);
    expect(long.code).toBe(1);
  });

  it("check --json prints the JSON report, as check --format json does", async () => {
    const short = await run(["check", "--json", weather]);
    const long = await run(["check", "--format", "json", weather]);
    expect(JSON.parse(short.stdout)).toMatchObject({ version: 1, summary: { skills: 1, errors: 0 } });
    expect(short.stdout).toBe(long.stdout);
  });

  it("prove --format text is the text report", async () => {
    const { stdout } = await run(["prove", "--format", "text", "test/fixtures/proofs/passing"]);
    expect(stdout).toMatch(/\d+ passed, 0 failed\n$/);
  });
});

describe("paths are shown as typed, or relative only when inside the working folder", () => {
  it("echoes a missing path exactly as typed", async () => {
    expect((await run(["check", "/tmp/flow-missing-path"])).stderr).toBe("flow check: path not found: /tmp/flow-missing-path\n");
    expect((await run(["check", "./no/such"])).stderr).toBe("flow check: path not found: ./no/such\n");
    expect((await run(["procedure", "../no-such-skill"])).stderr).toBe("flow procedure: path not found: ../no-such-skill\n");
  });

  it("names a diagnostic's file absolutely when it is outside the working folder", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "SKILL.md"), "---\nname: outside\n---\n");
    const { stdout } = await run(["check", dir]);
    expect(stdout.split("\n")[0]).toMatch(new RegExp(`^${dir}/SKILL\\.md:\\d+:\\d+ error `));
  });

  it("and relatively when it is inside", async () => {
    const { stdout } = await run(["check", "--json", `${root}${weather}`]);
    expect(JSON.parse(stdout).skills).toEqual([`${weather}/SKILL.md`]);
  });
});

describe("flow check of a file that is not a SKILL.md", () => {
  it("says what flow check takes, and exits 2", async () => {
    const { code, stdout, stderr } = await run(["check", "test/fixtures/proofs/passing/buy-mugs.proof.yaml"]);
    expect(stderr).toBe("flow check: test/fixtures/proofs/passing/buy-mugs.proof.yaml is not a SKILL.md file: flow check takes skill folders or SKILL.md files; to run a proof, use flow prove\n");
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).not.toContain("frontmatter");
  });

  it("still takes a Markdown file of another name as a skill", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "greet.md"), "---\nname: greet\ndescription: Says hello.\n---\n\n## Steps\n\n```yaml\n- say: Hello\n```\n");
    expect(await run(["check", join(dir, "greet.md")])).toMatchObject({ code: 0, stdout: "1 skill checked: no problems\n" });
  });
});

describe("flow check with no path", () => {
  it("prints commander's error and the usage, on one line, exit 2", async () => {
    const { code, stderr } = await run(["check"]);
    expect(stderr).toBe("flow check: missing required argument 'paths'. Usage: flow check [options] <paths...>\n");
    expect(code).toBe(2);
  });

  it("a misspelt option is one line: the error, the option meant, the usage (as the README promises)", async () => {
    const { code, stdout, stderr } = await run(["check", "--frmat", "json", "skills"]);
    expect(stderr).toBe("flow check: unknown option '--frmat'. Did you mean --format? Usage: flow check [options] <paths...>\n");
    expect(stdout).toBe("");
    expect(code).toBe(2);
  });
});

describe("flow prove of a file that is not a proof", () => {
  it("says a SKILL.md is not a proof file, and what a proof is", async () => {
    const { code, stderr } = await run(["prove", "skills/conference-trip/SKILL.md"]);
    expect(stderr).toBe("flow prove: skills/conference-trip/SKILL.md is not a proof file: a proof is a *.proof.yaml or prove.yaml file; to check a skill, run flow check\n");
    expect(code).toBe(2);
  });

  it("says so for YAML with none of skill, skills or turns", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "other.yaml"), "name: something else\n");
    const { code, stderr } = await run(["prove", join(dir, "other.yaml")]);
    expect(stderr).toBe(`${dir}/other.yaml:1:1: This is not a proof file: a proof is YAML with \`skill:\` (or \`skills:\`) and \`turns:\`.\n`);
    expect(code).toBe(2);
  });
});

describe("a 100 KB name is cut in every message: its start, … and its length", () => {
  const long = "a".repeat(100_000);
  const cut = `${"a".repeat(80)}… (100,000 characters)`;

  it("in flow check's diagnostics", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "SKILL.md"), `---\nname: t\ndescription: A test.\n---\n## Steps\n\`\`\`yaml\n- do: ${long}\n\`\`\`\n`);
    const { code, stdout } = await run(["check", dir]);
    expect(code).toBe(1);
    expect(stdout).toContain(`\`${cut}\``);
    expect(stdout.length).toBeLessThan(2_000);
  });

  it("in a command-line error, in text and in JSON", async () => {
    const text = await run(["check", `no/such/${long}`]);
    expect(text.stderr).toBe(`flow check: path not found: ${`no/such/${long}`.slice(0, 80)}… (100,008 characters)\n`);
    const option = await run(["check", "--json", `--${long}`, "skills"]);
    expect(option.stderr.length).toBeLessThan(300);
    expect(JSON.parse(option.stdout).errors[0].message).toContain("… (100,002 characters)");
  });
});
