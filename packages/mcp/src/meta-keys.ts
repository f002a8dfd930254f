/**
 * The `_meta` keys Skillflow sends with a `tools/call` request, so a server can dedupe a write and use
 * the flow's clock. The prefix `skillflow/` follows MCP's rule for `_meta` key names (a prefix of dot-
 * separated labels and a slash; prefixes whose second label is `modelcontextprotocol` or `mcp` are MCP's).
 */

/** The write's idempotency key: stable per write and flow; a retry after a crash or a failure sends the same one. */
export const IDEMPOTENCY_KEY_META = "skillflow/idempotency-key";

/** The clock the flow hands its tools (frozen in proofs), ISO 8601. Sent with every call. */
export const NOW_META = "skillflow/now";
