/**
 * The server's view of the skills open in the editor: each SKILL.md is checked exactly as `flow check`
 * checks it (the loader; the buffer's text when it differs from the file), its diagnostics published
 * to SKILL.md and to tools.ts, and tools.ts's tools kept per folder until a code file near it changes.
 * This is the I/O side; what is offered at a cursor is decided by the pure modules beside it.
 */
import { readFile } from "node:fs/promises";
import { basename, dirname, relative, isAbsolute } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseSkill, type Diagnostic, type Skill } from "@skillflow/core";
import { importToolsBeside, loadSkill, loadSkillText, partFiles, type ToolsBeside } from "@skillflow/core/loader";
import type { Diagnostic as LspDiagnostic } from "vscode-languageserver/node";
import { toLspDiagnostic } from "./to-lsp-diagnostic.js";

export interface WorkspaceOptions {
  publish(uri: string, diagnostics: LspDiagnostic[]): void;
  importTimeoutMs: number;
}

export interface Analysis {
  /** The skill as far as the text parses, with the tools of tools.ts (for completion, hover, definition). */
  skill?: Skill;
  tools: ToolsBeside;
}

/** Is `uri` a SKILL.md file this server checks? */
export function isSkillUri(uri: string): boolean {
  return uri.startsWith("file:") && basename(fileURLToPath(uri)) === "SKILL.md";
}

/** Does a change to the code file `changed` touch the tools of the skill folder `folder`? */
export function touches(changed: string, folder: string): boolean {
  const inside = (child: string, parent: string) => {
    const rel = relative(parent, child);
    return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
  };
  return inside(dirname(changed), folder) || inside(folder, dirname(changed));
}

export function createWorkspace(options: WorkspaceOptions) {
  const tools = new Map<string, Promise<ToolsBeside>>();
  const published = new Map<string, Set<string>>();
  const latest = new Map<string, number>();
  /** The last skill of each document whose YAML parsed: half-typed YAML (an open quote) breaks a whole block. */
  const lastParsed = new Map<string, Skill>();
  let counter = 0;

  const toolsOf = (file: string): Promise<ToolsBeside> => {
    const folder = dirname(file);
    let entry = tools.get(folder);
    if (!entry) tools.set(folder, (entry = importToolsBeside(file, { importTimeoutMs: options.importTimeoutMs })));
    return entry;
  };

  /** Check the SKILL.md `uri` whose editor text is `text`, and publish what was found. */
  async function check(uri: string, text: string): Promise<void> {
    const run = ++counter;
    latest.set(uri, run);
    const file = fileURLToPath(uri);
    const beside = await toolsOf(file);
    const onDisk = await readFile(file).then((bytes) => new TextDecoder().decode(bytes), () => undefined);
    const load = { importTimeoutMs: options.importTimeoutMs, tools: beside };
    // The text on disk goes through loadSkill itself, so a file too large or not UTF-8 reads as in `flow check`.
    const loaded = onDisk === text ? await loadSkill(file, load) : await loadSkillText(file, text, load);
    if (latest.get(uri) !== run) return;
    await publishAll(uri, text, loaded.diagnostics);
  }

  async function publishAll(uri: string, text: string, diagnostics: Diagnostic[]): Promise<void> {
    const byUri = new Map<string, Diagnostic[]>([[uri, []]]);
    for (const d of diagnostics) {
      const target = pathToFileURL(d.file).href;
      byUri.set(target, [...(byUri.get(target) ?? []), d]);
    }
    for (const old of published.get(uri) ?? []) if (!byUri.has(old)) options.publish(old, []);
    published.set(uri, new Set(byUri.keys()));
    // tools.ts first, SKILL.md last: a client that has SKILL.md's diagnostics has the whole check.
    for (const [target, list] of [...byUri].reverse()) {
      const source = target === uri ? text : await readFile(fileURLToPath(target), "utf8").catch(() => undefined);
      options.publish(target, list.map((d) => toLspDiagnostic(d, source)));
    }
  }

  return {
    check,
    /** The skill of `text` and its tools, for a request at a cursor. */
    async analysis(uri: string, text: string): Promise<Analysis> {
      const file = fileURLToPath(uri);
      const beside = await toolsOf(file);
      const parsed = parseSkill(text, file, { parts: partFiles() });
      const broken = parsed.diagnostics.some((d) => d.ruleId === "yaml-syntax" || d.ruleId === "markdown-syntax");
      if (parsed.skill && !broken) lastParsed.set(uri, parsed.skill);
      const skill = broken ? lastParsed.get(uri) ?? parsed.skill : parsed.skill;
      return { ...(skill && { skill: { ...skill, tools: beside.collected.infos } }), tools: beside };
    },
    /** Forget the tools of every folder a change to the code file `file` touches. */
    forgetTools(file: string): void {
      for (const folder of [...tools.keys()]) if (touches(file, folder)) tools.delete(folder);
    },
    /** Clear what was published for a closed SKILL.md. */
    close(uri: string): void {
      latest.delete(uri);
      lastParsed.delete(uri);
      for (const target of [...(published.get(uri) ?? [])].reverse()) options.publish(target, []);
      published.delete(uri);
    },
  };
}

export type SkillWorkspace = ReturnType<typeof createWorkspace>;
