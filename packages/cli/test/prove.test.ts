import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const fixtures = "test/fixtures/proofs";

async function run(argv: string[]) {
  const mem = memoryIo(root);
  const code = await cli(argv, mem.io);
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

describe("flow prove", () => {
  it("runs a folder of proofs: one ✓ line per check, then the closing line, exit 0", async () => {
    const { code, stdout, stderr } = await run(["prove", `${fixtures}/passing`]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`${fixtures}/passing/buy-mugs.proof.yaml — Buy two mugs, paid once`);
    expect(lines).toContain('  ✓ turn 2 (pick item_id) refused: "out of stock"');
    expect(lines).toContain("  ✓ turn 6 (press buy) called_in_order: [charge_card, ship_order]");
    expect(lines).toContain(`${fixtures}/passing/prove.yaml — A failed shipment is retried alone`);
    const checks = lines.filter((l) => /^ {2}[✓✗] /.test(l));
    expect(checks.every((l) => l.startsWith("  ✓"))).toBe(true);
    expect(lines.at(-1)).toBe(`${checks.length} passed, 0 failed`);
  });

  it("reports each wrong expectation with what was expected and seen, and exits 1", async () => {
    const { code, stdout } = await run(["prove", `${fixtures}/failing/wrong-expectations.proof.yaml`]);
    expect(code).toBe(1);
    const where = `${fixtures}/failing/wrong-expectations.proof.yaml:5`;
    expect(stdout).toContain(`  ✗ turn 1 (user "Two please") asks: expected quantity, saw asks item_id — ${where}`);
    expect(stdout).toContain("called: expected [check_stock, list_items], saw [list_items]");
    expect(stdout).toContain('says: expected "Which hat", saw "Which item would you like?"');
    expect(stdout).toContain('fields: expected {"quantity":3}, saw quantity=2');
    expect(stdout).toContain("model_calls: expected 0, saw 1");
    expect(stdout).toContain("done: expected true, saw asks item_id");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("0 passed, 6 failed");
  });

  it("fails a turn whose model call was not scripted", async () => {
    const { code, stdout } = await run(["prove", `${fixtures}/failing/unscripted-call.proof.yaml`]);
    expect(code).toBe(1);
    expect(stdout).toContain("✓ turn 1 (user \"Two please\") asks: item_id");
    expect(stdout).toContain("✗ turn 1 (user \"Two please\") model: expected no model call (none scripted), saw 1 unscripted model call");
    expect(stdout).toMatch(/\n1 passed, 1 failed\n$/);
  });

  it("fails a turn whose scripted model reply was not used (a secret was pending)", async () => {
    const { code, stdout } = await run(["prove", `${fixtures}/failing/unused-script.proof.yaml`]);
    expect(code).toBe(1);
    expect(stdout).toContain("✓ turn 1 (user \"1234\") model_calls: 0");
    expect(stdout).toContain("✗ turn 1 (user \"1234\") model: expected the scripted model reply is used, saw the model was not called");
  });

  it("prints JSON with --json", async () => {
    const { code, stdout } = await run(["prove", "--json", `${fixtures}/failing/unscripted-call.proof.yaml`]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ passed: 1, failed: 1 });
    expect(report.files[0].checks[1]).toMatchObject({ turn: 1, key: "model", ok: false, line: 4 });
  });

  it.each([
    ["malformed/unknown-key.proof.yaml", /unknown-key\.proof\.yaml:6:7: Unknown expectation key `aks`\. Did you mean `asks`\?/],
    ["malformed/bad-yaml.proof.yaml", /bad-yaml\.proof\.yaml:\d+:\d+: The YAML does not parse/],
    ["malformed/unknown-answer.proof.yaml", /unknown-answer\.proof\.yaml:4:30: `answers:` names `quantiy`, which is not a field of mini_shop\. Did you mean `quantity`\?/],
    ["malformed/unknown-names.proof.yaml", /unknown-names\.proof\.yaml:7:25: `fields:` names `quantiy`, which is not a field of mini_shop\. Did you mean `quantity`\?\n.*unknown-names\.proof\.yaml:8:12: `press:` names `buyy`, which is not a confirm of mini_shop\. Did you mean `buy`\?/],
  ])("exits 2 with a located error and no stack for %s", async (file, message) => {
    const { code, stdout, stderr } = await run(["prove", `${fixtures}/${file}`]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("runs every proof that parses beside ones that do not, reports each that does not with its place, and exits 2", async () => {
    const { code, stdout, stderr } = await run(["prove", `${fixtures}/malformed`, `${fixtures}/passing`]);
    expect(code).toBe(2);
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toContain(`${fixtures}/passing/buy-mugs.proof.yaml — Buy two mugs, paid once`);
    expect(lines).toContain(`${fixtures}/passing/prove.yaml — A failed shipment is retried alone`);
    const checks = lines.filter((l) => /^ {2}[✓✗] /.test(l));
    expect(checks.length).toBeGreaterThan(5);
    expect(lines.at(-1)).toBe(`${checks.length} passed, 0 failed`);
    // Each of the four that cannot run, at its place (the two naming what mini_shop lacks as well as the two that do not parse).
    for (const place of ["unknown-key.proof.yaml:6:7: Unknown expectation key", "bad-yaml.proof.yaml:", "unknown-answer.proof.yaml:4:30: `answers:` names `quantiy`", "unknown-names.proof.yaml:7:25:", "unknown-names.proof.yaml:8:12:"]) {
      expect(stderr).toContain(`${fixtures}/malformed/${place}`);
    }
    expect(stderr.trimEnd().split("\n")).toHaveLength(5);
  });

  it("in JSON mode, prints the runs and the proofs that could not run as one object", async () => {
    const { code, stdout } = await run(["prove", "--json", `${fixtures}/malformed/unknown-key.proof.yaml`, `${fixtures}/passing/buy-mugs.proof.yaml`]);
    expect(code).toBe(2);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ version: 1, exitCode: 2, failed: 0, errors: [{ file: `${fixtures}/malformed/unknown-key.proof.yaml`, line: 6, column: 7 }] });
    expect(report.files.map((f: { file: string }) => f.file)).toEqual([`${fixtures}/passing/buy-mugs.proof.yaml`]);
    expect(report.passed).toBeGreaterThan(0);
  });

  it.each([
    [["prove"], /missing required argument 'paths'/],
    [["prove", "no/such/proofs"], /^flow prove: path not found: no\/such\/proofs\n$/],
    [["prove", `${fixtures}/mini_shop`], /^flow prove: no \*\.proof\.yaml or prove\.yaml found in .*mini_shop\n$/],
  ])("exits 2 on a usage error: %j", async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
