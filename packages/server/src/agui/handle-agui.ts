/**
 * `POST /agui`: an AG-UI `RunAgentInput` in (validated with `@ag-ui/core/schemas`), an SSE stream of
 * AG-UI events out. Problems a caller can make are answered before the stream starts, each with one
 * sentence: no session (401), a body over the limit (413), not JSON or not a `RunAgentInput` (400), a
 * thread that belongs to another caller (404 — as if it did not exist), shutting down (503), a widget form
 * other than `agui` or `a2ui` in `forwardedProps.skillflow.ui` (400). Runs
 * whose bodies are in by the same turn of the event loop start together (agui/start-gate.ts).
 */
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import type { RunAgentInput } from "@ag-ui/core";
import { identifyCaller, type AuthMode } from "../auth/identify.js";
import { readJson } from "../http/read-json.js";
import { problem } from "../http/respond.js";
import { admitted, type ServerContext } from "../server-context.js";
import { widgetFormOf } from "../a2ui/widget-form.js";
import { streamRun } from "./run-agui.js";

export function handleAgui(ctx: ServerContext, request: Request, auth: AuthMode, bodyLimit: number): Promise<Response> {
  return admitted(ctx, () => admit(ctx, request, auth, bodyLimit), "takes no new runs");
}

async function admit(ctx: ServerContext, request: Request, auth: AuthMode, bodyLimit: number): Promise<Response> {
  const caller = await identifyCaller(ctx, request, auth);
  if (!caller.ok) return caller.response;
  const body = await readJson(request, bodyLimit);
  if (!body.ok) return body.response;
  await ctx.startGate();
  const parsed = RunAgentInputSchema.safeParse(body.value);
  if (!parsed.success) return problem(400, `The body is not an AG-UI RunAgentInput: ${describeIssue(parsed.error.issues[0])}.`);
  const input = parsed.data as RunAgentInput;
  if (!input.threadId.trim()) return problem(400, "threadId is empty: it names the conversation.");
  // Stores keep text: a NUL is refused by PostgreSQL, and unpaired surrogates would name one row with two ids.
  if (/[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(input.threadId)) {
    return problem(400, "threadId must be plain text: no control characters and no unpaired surrogates.");
  }
  const ui = widgetFormOf(input);
  if (!ui.ok) return problem(400, ui.message);
  const owner = await ctx.store.claimThread(input.threadId, caller.who, ctx.now());
  if (owner !== caller.who) return problem(404, `No conversation ${input.threadId}.`);
  return streamRun(ctx, input, ui.form, owner);
}

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return "it does not match the schema";
  const where = issue.path.length ? issue.path.map(String).join(".") : "the body";
  return `${where}: ${issue.message}`;
}
