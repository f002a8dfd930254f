/**
 * editors/vscode: a folder of its own (not an npm workspace; vscode-languageclient is its dependency
 * only), whose extension.js starts the command its settings name for SKILL.md files and forwards
 * code-file changes — run here with stand-ins for the `vscode` and `vscode-languageclient` modules —
 * and whose default command starts a real `flow lsp --stdio` that answers `initialize`.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver/node";
import { root } from "./lsp-client.js";

const folder = join(root, "editors/vscode");
const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
const defaultCommand: string[] = manifest.contributes.configuration.properties["skillflow.server.command"].default;

describe("the VS Code extension folder", () => {
  it("has vscode-languageclient 11.0.0 as its own dependency, outside the workspaces and their lockfile", () => {
    expect(manifest.dependencies).toEqual({ "vscode-languageclient": "11.0.0" });
    expect(manifest.main).toBe("./extension.js");
    const rootManifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(rootManifest.workspaces.some((w: string) => w.startsWith("editors"))).toBe(false);
    expect(readFileSync(join(root, "package-lock.json"), "utf8")).not.toContain("vscode-languageclient");
  });

  it("starts the configured command for SKILL.md files and watches code files", async () => {
    const started: unknown[][] = [];
    const watched: string[] = [];
    const stubs: Record<string, unknown> = {
      vscode: {
        workspace: {
          getConfiguration: (section: string) => ({ get: (key: string) => (section === "skillflow" && key === "server.command" ? defaultCommand : undefined) }),
          workspaceFolders: [{ uri: { fsPath: "/projects/trips" } }],
          createFileSystemWatcher: (glob: string) => (watched.push(glob), { glob }),
        },
      },
      "vscode-languageclient/node": {
        LanguageClient: class {
          constructor(...args: unknown[]) { started.push(args); }
          start() { return Promise.resolve(); }
          stop() { return Promise.resolve(); }
        },
      },
    };
    const require = createRequire(join(folder, "extension.js"));
    const Module = require("node:module") as { _load: (request: string, ...rest: unknown[]) => unknown };
    const load = Module._load;
    Module._load = (request, ...rest) => (request in stubs ? stubs[request] : load(request, ...rest));
    try {
      const extension = require(join(folder, "extension.js"));
      await extension.activate();
      await extension.deactivate();
    } finally {
      Module._load = load;
    }
    expect(started).toHaveLength(1);
    const [id, , serverOptions, clientOptions] = started[0] as [string, string, { command: string; args: string[]; options: { cwd: string } }, { documentSelector: unknown[] }];
    expect(id).toBe("skillflow");
    expect([serverOptions.command, ...serverOptions.args]).toEqual(["npx", "--no-install", "flow", "lsp", "--stdio"]);
    expect(serverOptions.options.cwd).toBe("/projects/trips");
    expect(clientOptions.documentSelector).toEqual([{ scheme: "file", pattern: "**/SKILL.md" }]);
    expect(watched).toEqual(["**/*.{ts,mts,cts,js,mjs,cjs,json}"]);
  });

  it("its default command starts a server that answers initialize and exits 0 after shutdown", async () => {
    const child = spawn(defaultCommand[0], defaultCommand.slice(1), { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    connection.listen();
    const result = await connection.sendRequest<{ capabilities: Record<string, unknown>; serverInfo: { name: string } }>("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
    expect(result.serverInfo.name).toBe("flow lsp");
    expect(Object.keys(result.capabilities).sort()).toEqual(["codeActionProvider", "completionProvider", "definitionProvider", "hoverProvider", "textDocumentSync"]);
    await connection.sendRequest("shutdown");
    await connection.sendNotification("exit");
    expect(await exited).toBe(0);
    connection.dispose();
  });
});
