/**
 * `flow lsp --stdio`, driven over its protocol by a child process: the diagnostics it publishes for
 * every golden fixture of test/fixtures/checks, written back as `flow check` lines, are exactly that
 * fixture's expected.txt (SKILL.md's, tools.ts's and its parts' together). An unsaved buffer is checked as typed,
 * closing a document clears what was published, and a change to tools.ts on disk re-checks the skill.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sortDiagnostics, type Diagnostic } from "@skillflow/core";
import type { Diagnostic as LspDiagnostic } from "vscode-languageserver/node";
import { formatText } from "../../packages/cli/src/report/format-text.js";
import { root, startClient, uriOf, type LspClient } from "./lsp-client.js";

const fixtures = join(root, "test/fixtures/checks");
/**
 * An editor cannot open a folder, and file-unreadable's SKILL.md is one. kept-field-differs is a folder of
 * two skills (the rule compares skills hosted together): `flow check` of the folder reports it, while an
 * editor checks one SKILL.md at a time, which alone is right.
 */
const NOT_OPENABLE = new Set(["file-unreadable", "kept-field-differs"]);
const SLOW = new Set(["tools-timeout"]); // checked by a server started with FLOW_IMPORT_TIMEOUT_MS=1000, as check-golden does
const folders = readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory() && !NOT_OPENABLE.has(e.name)).map((e) => e.name).sort();

/** What an editor shows for a file: its text, decoded leniently (a file that is not UTF-8 still opens). */
const editorText = (file: string) => new TextDecoder().decode(readFileSync(file));

/** LSP diagnostics of several files as the `flow check` report of one skill. */
function asCheckOutput(published: Array<[string, LspDiagnostic[]]>): string {
  const diagnostics: Diagnostic[] = published.flatMap(([file, list]) => list.map((d) => ({
    file: relative(root, file), line: d.range.start.line + 1, column: d.range.start.character + 1,
    ruleId: String(d.code), severity: d.severity === 1 ? "error" as const : "warning" as const, reason: typeof d.message === "string" ? d.message : d.message.value,
  })));
  return formatText(sortDiagnostics(diagnostics), 1, false);
}

let client: LspClient;
let slowClient: LspClient;
beforeAll(async () => {
  expect(existsSync(join(root, "packages/cli/dist/lsp/serve-lsp.js"))).toBe(true); // npm ci / tsc -b built it
  writeFileSync(join(fixtures, "file-too-large/SKILL.md"), `---\nname: file_too_large\n---\n${"# This line pads the file past the size cap.\n".repeat(24_000)}`);
  [client, slowClient] = await Promise.all([startClient(), startClient({ FLOW_IMPORT_TIMEOUT_MS: "1000" })]);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  expect(await slowClient.stop()).toBe(0);
});

describe("flow lsp: diagnostics equal flow check's for every golden fixture", () => {
  for (const id of folders) {
    it(id, async () => {
      const server = SLOW.has(id) ? slowClient : client;
      const skill = join(fixtures, id, "SKILL.md");
      const tools = join(fixtures, id, "tools.ts");
      const onSkill = await server.open(skill, editorText(skill));
      // A fixture's parts (`use:`) get the diagnostics of their own lines, as flow check reports them.
      const partsDir = join(fixtures, id, "parts");
      const parts = existsSync(partsDir) ? readdirSync(partsDir).map((f) => join(partsDir, f)) : [];
      const published: Array<[string, LspDiagnostic[]]> = [[skill, onSkill], [tools, server.diagnostics(tools) ?? []], ...parts.map((f): [string, LspDiagnostic[]] => [f, server.diagnostics(f) ?? []])];
      expect(asCheckOutput(published)).toBe(readFileSync(join(fixtures, id, "expected.txt"), "utf8"));
      for (const d of onSkill) expect(d).toMatchObject({ source: "skillflow", code: expect.any(String) });
      await server.close(skill);
    });
  }
});

describe("flow lsp: what is checked", () => {
  const trip = join(root, "skills/conference-trip/SKILL.md");

  it("checks the unsaved buffer, with the ranges the parser keeps, and clears it when fixed", async () => {
    expect(await client.open(trip)).toEqual([]);
    const typo = readFileSync(trip, "utf8").replace("- do: hold_flight", "- do: hold_flihgt");
    const [d] = await client.change(trip, typo);
    expect(d).toMatchObject({
      code: "unknown-tool", severity: 1, source: "skillflow",
      message: "`hold_flihgt` is not a tool: tools.ts defines no tool by that name. Did you mean `hold_flight`? Use the name of a tool in tools.ts, or define `hold_flihgt` there with `lookup()` or `action()`.",
      data: { reason: "`hold_flihgt` is not a tool: tools.ts defines no tool by that name." },
    });
    const line = typo.split("\n")[d.range.start.line];
    expect(line.slice(d.range.start.character, d.range.end.character)).toBe("hold_flihgt");
    expect(await client.change(trip, readFileSync(trip, "utf8"))).toEqual([]);
  });

  it("clears the diagnostics of SKILL.md and tools.ts when the skill is closed", async () => {
    const skill = join(fixtures, "duplicate-tool/SKILL.md");
    await client.open(skill);
    expect(client.diagnostics(join(fixtures, "duplicate-tool/tools.ts"))).toHaveLength(1);
    const cleared = client.nextDiagnostics(skill, () => client.close(skill));
    expect(await cleared).toEqual([]);
    expect(client.diagnostics(join(fixtures, "duplicate-tool/tools.ts"))).toEqual([]);
  });

  it("re-checks a skill when its tools.ts changes on disk (workspace/didChangeWatchedFiles, or textDocument/didSave)", async () => {
    expect(client.registered).toContain("workspace/didChangeWatchedFiles");
    // Inside the repository's node_modules, so that tools.ts finds zod and @skillflow/core.
    mkdirSync(join(root, "node_modules/.cache"), { recursive: true });
    const scratch = mkdtempSync(join(root, "node_modules/.cache/flow-lsp-"));
    const dir = join(scratch, "weather"); // an Agent Skill's folder is its name
    try {
      cpSync(join(root, "test/fixtures/loader/skills/weather"), dir, { recursive: true });
      const skill = join(dir, "SKILL.md");
      const toolsFile = join(dir, "tools.ts");
      expect(await client.open(skill)).toEqual([]);
      expect(client.diagnostics(toolsFile) ?? []).toEqual([]);
      writeFileSync(toolsFile, readFileSync(toolsFile, "utf8").replace('name: "forecast"', 'name: "forecasts"'));
      const after = await client.nextDiagnostics(skill, () =>
        client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(toolsFile), type: 2 }] }));
      expect(after.map((d) => d.code)).toContain("unknown-tool");
      expect(after.find((d) => d.code === "unknown-tool")?.message).toContain("Did you mean `forecasts`?");
      // The same through a tools.ts the client has open and saves (textDocument/didSave).
      const fixed = readFileSync(toolsFile, "utf8").replace('name: "forecasts"', 'name: "forecast"');
      writeFileSync(toolsFile, fixed);
      const toolsDoc = { uri: uriOf(toolsFile), languageId: "typescript", version: 1, text: fixed };
      await client.connection.sendNotification("textDocument/didOpen", { textDocument: toolsDoc });
      const saved = await client.nextDiagnostics(skill, () => client.connection.sendNotification("textDocument/didSave", { textDocument: { uri: toolsDoc.uri } }));
      expect(saved).toEqual([]);
      await client.close(toolsFile);
      await client.close(skill);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

