/**
 * The `_meta` keys Skillflow sends with a `tools/call` request, so a server can dedupe a write and use
 * the flow's clock. The prefix `skillflow/` follows MCP's rule for `_meta` key names (a prefix of dot-
 * separated labels and a slash; prefixes whose second label is `modelcontextprotocol` or `mcp` are MCP's).
 */

/** The write's idempotency key: stable per write and flow; a retry after a crash or a failure sends the same one. */
export const IDEMPOTENCY_KEY_META = "skillflow/idempotency-key";

/**
 * On a tool of `tools/list`: a write's card words (`card` in tools.ts), so a skill whose tools come from
 * a server built with `serveToolsOverStdio` shows the same words on its cards as in-process.
 */
export const CARD_META = "skillflow/card";

/** The clock the flow hands its tools (frozen in proofs), ISO 8601. Sent with every call. */
export const NOW_META = "skillflow/now";
