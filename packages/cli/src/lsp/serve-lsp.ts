/**
 * The language server's wiring: an LSP connection on the given streams, the open SKILL.md documents,
 * and a handler per request. Checks run 150 ms after the last change of a document; a change to a
 * code file (a watched-file event, or the save of a tools.ts the client shows us) drops the tools
 * kept for the folders it touches and re-checks the open skills there.
 */
import { format } from "node:util";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { completeAt, hoverAt, targetAt } from "@skillflow/core/edit";
import { importTimeoutOf } from "@skillflow/core/loader";
import { TextDocument } from "vscode-languageserver-textdocument";
import {
  CodeActionKind, createConnection, DidChangeWatchedFilesNotification, ProposedFeatures, TextDocuments, TextDocumentSyncKind,
  type Connection, type Location,
} from "vscode-languageserver/node";
import type { CliIo } from "../io.js";
import { findToolDefinition } from "./find-tool-definition.js";
import { quickFixes } from "./quick-fixes.js";
import { createWorkspace, isSkillUri, touches } from "./skill-workspace.js";
import { toLspCompletion, toLspHover } from "./to-lsp-completion.js";

const DEBOUNCE_MS = 150;
const CODE_FILES = "**/*.{ts,mts,cts,js,mjs,cjs,json}";

/** Serve until the client ends the connection (vscode-languageserver then ends the process). */
export function serveLsp(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, io: CliIo): Promise<number> {
  // stdout is the protocol: whatever tools.ts logs while it is imported goes to stderr instead.
  for (const name of ["log", "info", "debug", "warn", "error"] as const) console[name] = (...args: unknown[]) => void io.stderr.write(`${format(...args)}\n`);
  const connection = createConnection(ProposedFeatures.all, input, output);
  const documents = new TextDocuments(TextDocument);
  const workspace = createWorkspace({
    publish: (uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics }),
    importTimeoutMs: importTimeoutOf(io.env),
  });
  const timers = new Map<string, NodeJS.Timeout>();
  const schedule = (uri: string) => {
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(() => {
      timers.delete(uri);
      const doc = documents.get(uri);
      if (doc) workspace.check(uri, doc.getText()).catch((error) => connection.console.error(`flow lsp: checking ${uri} failed: ${String(error)}`));
    }, DEBOUNCE_MS));
  };
  const codeChanged = (file: string) => {
    workspace.forgetTools(file);
    for (const doc of documents.all()) if (isSkillUri(doc.uri) && touches(file, dirname(fileURLToPath(doc.uri)))) schedule(doc.uri);
  };

  wireRequests(connection, documents, workspace);
  let watchDynamically = false;
  connection.onInitialize((params) => {
    watchDynamically = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        completionProvider: { triggerCharacters: [".", "{", " "] },
        hoverProvider: true,
        definitionProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: "flow lsp" },
    };
  });
  connection.onInitialized(() => {
    if (watchDynamically) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: CODE_FILES }] });
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const change of changes) if (change.uri.startsWith("file:")) codeChanged(fileURLToPath(change.uri));
  });
  documents.onDidChangeContent(({ document }) => isSkillUri(document.uri) && schedule(document.uri));
  documents.onDidSave(({ document }) => !isSkillUri(document.uri) && document.uri.startsWith("file:") && codeChanged(fileURLToPath(document.uri)));
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    if (isSkillUri(document.uri)) workspace.close(document.uri);
  });
  documents.listen(connection);
  connection.listen();
  return new Promise(() => undefined);
}

function wireRequests(connection: Connection, documents: TextDocuments<TextDocument>, workspace: ReturnType<typeof createWorkspace>): void {
  const skillDoc = (uri: string) => (isSkillUri(uri) ? documents.get(uri) : undefined);
  connection.onCompletion(async ({ textDocument, position }) => {
    const doc = skillDoc(textDocument.uri);
    if (!doc) return [];
    const { skill } = await workspace.analysis(doc.uri, doc.getText());
    return completeAt(doc.getText(), position, skill).map(toLspCompletion);
  });
  connection.onHover(async ({ textDocument, position }) => {
    const doc = skillDoc(textDocument.uri);
    if (!doc) return null;
    const { skill } = await workspace.analysis(doc.uri, doc.getText());
    return toLspHover(hoverAt(doc.getText(), position, skill));
  });
  connection.onDefinition(async ({ textDocument, position }): Promise<Location | null> => {
    const doc = skillDoc(textDocument.uri);
    if (!doc) return null;
    const { skill, tools } = await workspace.analysis(doc.uri, doc.getText());
    const target = targetAt(doc.getText(), position, skill);
    if (!target) return null;
    if ("at" in target) {
      const at = { line: target.at.line - 1, character: target.at.column - 1 };
      return { uri: doc.uri, range: { start: at, end: at } };
    }
    if (!tools.toolsFile) return null;
    const place = await findToolDefinition(tools.toolsFile, target.tool);
    const at = { line: place.line, character: place.character };
    return { uri: pathToFileURL(place.file).href, range: { start: at, end: at } };
  });
  connection.onCodeAction(({ textDocument, context }) => {
    const doc = skillDoc(textDocument.uri);
    return doc ? quickFixes(doc.uri, doc.getText(), context.diagnostics) : [];
  });
}
