/**
 * What the MCP client (the host) said it can do in its `initialize` capabilities: form elicitation,
 * URL elicitation, and MCP Apps (the `io.modelcontextprotocol/ui` extension with the
 * `text/html;profile=mcp-app` MIME type). Pure.
 */

export const APPS_EXTENSION = "io.modelcontextprotocol/ui";
export const APP_MIME_TYPE = "text/html;profile=mcp-app";

export interface ClientSupport {
  /** `elicitation/create` in form mode (an empty `elicitation: {}` means form, per the 2025-11-25 spec). */
  form: boolean;
  /** `elicitation/create` in URL mode. */
  url: boolean;
  /** MCP Apps: the host renders `ui://` resources and lets them call app-only tools. */
  apps: boolean;
}

export function clientSupport(capabilities: unknown): ClientSupport {
  const caps = (capabilities ?? {}) as { elicitation?: { form?: unknown; url?: unknown }; extensions?: Record<string, { mimeTypes?: unknown }> };
  const elicitation = caps.elicitation;
  const form = elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
  const mimeTypes = caps.extensions?.[APPS_EXTENSION]?.mimeTypes;
  return {
    form,
    url: elicitation?.url !== undefined,
    apps: Array.isArray(mimeTypes) && mimeTypes.includes(APP_MIME_TYPE),
  };
}
