/**
 * What `flow mcp` serves: each skill with its own flow (one conversation per `conversation` id), and what
 * one MCP session offers to reach the person — the client's capabilities, elicitation, the secret pages.
 */
import type { Skill } from "@skillflow/core";
import type { Flow } from "@skillflow/langgraph";
import type { ClientSupport } from "./client-support.js";
import type { ElicitAnswer, FormRequest } from "./elicit-forms.js";
import type { SecretPages } from "./secret-pages.js";

export interface HostedSkill {
  skill: Skill;
  flow: Flow;
}

export interface UrlRequest {
  mode: "url";
  message: string;
  url: string;
  elicitationId: string;
}

/** How one session reaches the person behind the host. */
export interface PersonChannel {
  support(): ClientSupport;
  elicit(request: FormRequest | UrlRequest): Promise<ElicitAnswer>;
  /** Tell the client a URL elicitation is complete (`notifications/elicitation/complete`). */
  completed(elicitationId: string): Promise<void>;
  secrets: SecretPages;
  /** How long a secret page waits for the person (ms). */
  secretTimeoutMs: number;
}

/** The LangGraph thread of a conversation with a skill. Pure. */
export function threadOf(skill: string, conversation: string): string {
  return `mcp:${skill}:${conversation}`;
}
