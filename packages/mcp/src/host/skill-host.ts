/**
 * `createSkillHost(skills)`: skills served to MCP hosts. Each MCP session gets its own `McpServer`
 * (`newServer()`) over the same flows, widget tokens and secret pages:
 *
 * - a tool per skill, `{ message, conversation? }` → the reply, the pending question and the widget as
 *   structured content (turn-view.ts), and the same in words for the model;
 * - `ui://skillflow/widget.html`, the MCP App that draws widgets (`text/html;profile=mcp-app`), named by
 *   every skill tool's `_meta.ui.resourceUri`;
 * - `skillflow_widget_answer`, an app-only tool (`_meta.ui.visibility: ["app"]`) that applies a click,
 *   listed only to clients that declared MCP Apps.
 *
 * What only the person may give never comes from a tool the host's model can call (person-steps.ts).
 */
import { randomBytes } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { APP_MIME_TYPE, APPS_EXTENSION, clientSupport } from "./client-support.js";
import type { ElicitAnswer } from "./elicit-forms.js";
import { answerClick, answerMessage, type HostState } from "./answer-calls.js";
import type { HostedSkill, PersonChannel } from "./hosted-skill.js";
import { SecretPages } from "./secret-pages.js";
import { ANSWER_TOOL, WIDGET_APP_HTML, WIDGET_URI } from "./widget-app-html.js";
import { WidgetTokens } from "./widget-tokens.js";

export interface SkillHostOptions {
  /** How long a secret page waits for the person (default 10 minutes). */
  secretTimeoutMs?: number | undefined;
  /** How long a form waits for the person (default 10 minutes). */
  elicitTimeoutMs?: number | undefined;
}

export interface SkillHost {
  /** A server for one MCP session. */
  newServer(): McpServer;
  close(): Promise<void>;
}

const TEN_MINUTES = 600_000;

const MESSAGE_INPUT = z.strictObject({
  message: z.string().min(1).describe("what the person said, in their words"),
  conversation: z.string().min(1).optional().describe("the conversation id from an earlier result; leave it out to start a new conversation"),
});

const CLICK_INPUT = z.strictObject({
  skill: z.string(),
  conversation: z.string(),
  token: z.string(),
  pick: z.strictObject({ field: z.string(), value: z.union([z.string(), z.array(z.string()).max(1000)]) }).optional(),
  press: z.strictObject({ confirm: z.string(), yes: z.boolean() }).optional(),
});

export function createSkillHost(skills: HostedSkill[], options: SkillHostOptions = {}): SkillHost {
  const state: HostState = { skills: new Map(skills.map((hosted) => [hosted.skill.name, hosted])), tokens: new WidgetTokens() };
  const secrets = new SecretPages();
  return {
    newServer: () => sessionServer(state, secrets, options),
    close: () => secrets.close(),
  };
}

function sessionServer(state: HostState, secrets: SecretPages, options: SkillHostOptions): McpServer {
  const server = new McpServer({ name: "skillflow", version: "0.1.0" }, { capabilities: { extensions: { [APPS_EXTENSION]: {} } } });
  const elicitTimeout = options.elicitTimeoutMs ?? TEN_MINUTES;
  const channel: PersonChannel = {
    support: () => clientSupport(server.server.getClientCapabilities()),
    elicit: async (request) => (await server.server.elicitInput(request as Parameters<typeof server.server.elicitInput>[0], { timeout: elicitTimeout })) as ElicitAnswer,
    completed: (id) => server.server.createElicitationCompletionNotifier(id)(),
    secrets,
    secretTimeoutMs: options.secretTimeoutMs ?? TEN_MINUTES,
  };
  for (const hosted of state.skills.values()) {
    server.registerTool(hosted.skill.name, {
      title: hosted.skill.name.replace(/_/g, " "),
      description: `${hosted.skill.description} Send what the person says as \`message\`; the reply comes back with the question to pass on. Choices from lists, confirmations and secret codes are given by the person through the host (a form, a page or the widget), never through this tool.`,
      inputSchema: MESSAGE_INPUT,
      annotations: { readOnlyHint: false, openWorldHint: true },
      _meta: { ui: { resourceUri: WIDGET_URI } },
    }, (args) => guarded(() => answerMessage(state, hosted, args.message, args.conversation ?? newConversation(), channel)));
  }
  const click = server.registerTool(ANSWER_TOOL, {
    description: "A click in a Skillflow widget (a row chosen, a card answered). Called by the widget only.",
    inputSchema: CLICK_INPUT,
    _meta: { ui: { resourceUri: WIDGET_URI, visibility: ["app"] } },
  }, (args) => guarded(() => answerClick(state, args, channel)));
  click.disable();
  server.server.oninitialized = () => {
    if (channel.support().apps) click.enable();
  };
  server.registerResource("skillflow_widget", WIDGET_URI, {
    title: "Skillflow widget",
    description: "Lists to choose from and confirmation cards of Skillflow skills.",
    mimeType: APP_MIME_TYPE,
    _meta: { ui: { prefersBorder: true } },
  }, async () => ({ contents: [{ uri: WIDGET_URI, mimeType: APP_MIME_TYPE, text: WIDGET_APP_HTML, _meta: { ui: { prefersBorder: true } } }] }));
  return server;
}

/** A tool result for anything that goes wrong: one sentence, marked as an error. */
async function guarded<T>(work: () => Promise<T>): Promise<T | { isError: true; content: Array<{ type: "text"; text: string }> }> {
  try {
    return await work();
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }] };
  }
}

function newConversation(): string {
  return randomBytes(6).toString("hex");
}

