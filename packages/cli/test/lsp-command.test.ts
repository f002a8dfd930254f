/**
 * `flow lsp`: without `--stdio` it says how it is started (exit 2); it is listed in `flow --help`; and
 * the language server's packages load only when it runs, so `flow --help` and `flow check` stay fast.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("flow lsp", () => {
  it("needs --stdio, and says so in one line (exit 2)", async () => {
    const { io, stdout, stderr } = memoryIo(root);
    expect(await cli(["lsp"], io)).toBe(2);
    expect(stdout()).toBe("");
    expect(stderr()).toBe("flow lsp: --stdio is required: the server speaks LSP on stdin and stdout (e.g. `flow lsp --stdio` as the editor's server command)\n");
  });

  it("is listed in flow --help", async () => {
    const { io, stdout } = memoryIo(root);
    await cli(["--help"], io);
    expect(stdout()).toMatch(/\n {2}lsp +run the SKILL\.md language server for editors \(LSP over stdio\)\n/);
  });

  // A resolve hook that reports every language-server module the process asks for.
  const hook = `data:text/javascript,${encodeURIComponent(
    'import { register } from "node:module"; register("data:text/javascript," + encodeURIComponent("export async function resolve(s, c, next) { if (/vscode-languageserver|vscode-jsonrpc/.test(s)) console.error(\\"LOADED \\" + s); return next(s, c); }"));',
  )}`;

  it.each([["--help"], ["check", "test/fixtures/loader/skills/weather"]])("`flow %s` loads no language-server package", (...argv) => {
    const result = spawnSync(process.execPath, ["--import", hook, "packages/cli/bin/flow.js", ...argv], { cwd: root, encoding: "utf8" });
    expect(result.stderr).not.toContain("LOADED");
    expect(result.status).toBe(0);
  });

  it("`flow lsp --stdio` does load it (so the hook above would see it)", () => {
    const result = spawnSync(process.execPath, ["--import", hook, "packages/cli/bin/flow.js", "lsp", "--stdio"], { cwd: root, encoding: "utf8", input: "" });
    expect(result.stderr).toContain("LOADED vscode-languageserver");
    expect(result.status).toBe(1); // stdin closed without shutdown: vscode-languageserver's exit code
  });
});
