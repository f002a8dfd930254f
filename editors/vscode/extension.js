// The Skillflow SKILL.md extension: starts `flow lsp --stdio` for every SKILL.md in the workspace and
// tells it when code files change (so a change to tools.ts re-checks the skills beside it).
const { workspace } = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

exports.activate = async function activate() {
  const [command, ...args] = workspace.getConfiguration("skillflow").get("server.command");
  const cwd = workspace.workspaceFolders?.[0]?.uri.fsPath;
  const serverOptions = { command, args, options: { cwd, shell: process.platform === "win32" } };
  const clientOptions = {
    documentSelector: [{ scheme: "file", pattern: "**/SKILL.md" }],
    synchronize: { fileEvents: workspace.createFileSystemWatcher("**/*.{ts,mts,cts,js,mjs,cjs,json}") },
  };
  client = new LanguageClient("skillflow", "Skillflow SKILL.md", serverOptions, clientOptions);
  await client.start();
};

exports.deactivate = function deactivate() {
  return client?.stop();
};
