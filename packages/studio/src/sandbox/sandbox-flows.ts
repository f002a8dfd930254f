/**
 * The Flow page's sandboxes: a version of a skill served by `@skillflow/server` itself — the same AG-UI
 * endpoint and chat page users get from `flow serve` (widgets, cards, approvals), with its own in-memory
 * store and a fresh import of tools.ts — mounted under `/flow/ID/`. One sandbox per text tried (by its
 * digest), the few most recent kept; the chat page's "New conversation" is the one-click reset. Only a
 * text that passes the check gets a sandbox.
 */
import { createHash } from "node:crypto";
import { loadSkillText } from "@skillflow/core/loader";
import { createSkillflowServer, type ApproverDirectory, type SkillflowServer } from "@skillflow/server";
import type { ModelPort } from "../langgraph-port.js";
import type { SkillEntry } from "../skills/skills-folder.js";

const KEPT = 6;

export interface SandboxOptions {
  model: ModelPort;
  approvers?: ApproverDirectory;
  now?: () => string;
}

export interface Sandboxes {
  /** The sandbox for this text (made when new); a text that does not load gets none. */
  open(entry: SkillEntry, text: string): Promise<{ ok: true; id: string } | { ok: false; errors: number }>;
  /** Serve a request under `/flow/ID/` (the path after it is `rest`). */
  serve(id: string, rest: string, request: Request): Promise<Response | undefined>;
  shutdown(): Promise<void>;
}

export function createSandboxes(options: SandboxOptions): Sandboxes {
  const open = new Map<string, Promise<SkillflowServer>>();
  const close = (id: string) => {
    const server = open.get(id);
    open.delete(id);
    return server?.then((s) => s.shutdown(5000)).catch(() => undefined);
  };
  return {
    async open(entry, text) {
      const id = `${entry.key}-${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
      if (!open.has(id)) {
        const loaded = await loadSkillText(entry.file, text);
        if (!loaded.skill) return { ok: false, errors: loaded.diagnostics.filter((d) => d.severity === "error").length };
        open.set(id, createSkillflowServer({
          skills: [{ skill: loaded.skill, tools: loaded.tools }],
          model: options.model,
          auth: "none",
          framing: "same-origin",
          ...(options.approvers && { approvers: options.approvers }),
          ...(options.now && { now: options.now }),
        }));
        while (open.size > KEPT) await close(open.keys().next().value!);
      } else {
        // Most recently used last: re-insert.
        const server = open.get(id)!;
        open.delete(id);
        open.set(id, server);
      }
      await open.get(id);
      return { ok: true, id };
    },
    async serve(id, rest, request) {
      const server = await open.get(id);
      if (!server) return undefined;
      const url = new URL(request.url);
      const inner = new URL(`${rest}${url.search}`, url.origin);
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      return server.fetch(new Request(inner, { method: request.method, headers: request.headers, ...(body && { body }) }));
    },
    async shutdown() {
      await Promise.all([...open.keys()].map(close));
    },
  };
}
