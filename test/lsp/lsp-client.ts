/**
 * A small LSP client for tests: starts `flow lsp --stdio` (the built binary) as a child process and
 * speaks JSON-RPC to it over its stdin/stdout with vscode-jsonrpc's stream reader and writer. It keeps
 * the latest diagnostics published for each URI and answers the server's registration requests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  createMessageConnection, StreamMessageReader, StreamMessageWriter,
  type Diagnostic, type MessageConnection, type PublishDiagnosticsParams,
} from "vscode-languageserver/node";

export const root = fileURLToPath(new URL("../..", import.meta.url));

export interface LspClient {
  connection: MessageConnection;
  child: ChildProcess;
  /** Registrations the server asked for (method names). */
  registered: string[];
  stderr(): string;
  /** Open `file` (absolute) with `text` (its text on disk by default) and wait for SKILL.md's diagnostics. */
  open(file: string, text?: string): Promise<Diagnostic[]>;
  /** Replace the whole text of an open document and wait for its next diagnostics. */
  change(file: string, text: string): Promise<Diagnostic[]>;
  close(file: string): Promise<void>;
  /** The next diagnostics published for `file` after `action` runs. */
  nextDiagnostics(file: string, action: () => void | Promise<void>): Promise<Diagnostic[]>;
  /** The latest diagnostics published for `file` (absolute path), if any. */
  diagnostics(file: string): Diagnostic[] | undefined;
  /** Shut down and exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export const uriOf = (file: string) => pathToFileURL(file).href;

export async function startClient(env: Record<string, string> = {}): Promise<LspClient> {
  const child = spawn(process.execPath, ["packages/cli/bin/flow.js", "lsp", "--stdio"], { cwd: root, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  let err = "";
  child.stderr!.on("data", (chunk) => (err += chunk));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const latest = new Map<string, Diagnostic[]>();
  const waiting = new Map<string, Array<(d: Diagnostic[]) => void>>();
  const registered: string[] = [];
  connection.onNotification("textDocument/publishDiagnostics", (params: PublishDiagnosticsParams) => {
    latest.set(params.uri, params.diagnostics);
    const list = waiting.get(params.uri) ?? [];
    waiting.delete(params.uri);
    for (const resolve of list) resolve(params.diagnostics);
  });
  connection.onRequest("client/registerCapability", (params: { registrations: Array<{ method: string }> }) => {
    registered.push(...params.registrations.map((r) => r.method));
    return null;
  });
  connection.listen();
  await connection.sendRequest("initialize", {
    processId: process.pid,
    rootUri: uriOf(root),
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } }, textDocument: { publishDiagnostics: {} } },
  });
  await connection.sendNotification("initialized", {});
  const versions = new Map<string, number>();

  const nextDiagnostics = async (file: string, action: () => void | Promise<void>) => {
    const next = new Promise<Diagnostic[]>((resolve) => waiting.set(uriOf(file), [...(waiting.get(uriOf(file)) ?? []), resolve]));
    await action();
    return next;
  };
  return {
    connection,
    child,
    registered,
    stderr: () => err,
    open: (file, text = readFileSync(file, "utf8")) => nextDiagnostics(file, () => {
      versions.set(file, 1);
      return connection.sendNotification("textDocument/didOpen", { textDocument: { uri: uriOf(file), languageId: "markdown", version: 1, text } });
    }),
    change: (file, text) => nextDiagnostics(file, () => {
      const version = (versions.get(file) ?? 1) + 1;
      versions.set(file, version);
      return connection.sendNotification("textDocument/didChange", { textDocument: { uri: uriOf(file), version }, contentChanges: [{ text }] });
    }),
    close: (file) => connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(file) } }),
    nextDiagnostics,
    diagnostics: (file) => latest.get(uriOf(file)),
    async stop() {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      await connection.sendRequest("shutdown");
      await connection.sendNotification("exit");
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
