/**
 * conference-trip's twelve tools behind an MCP server over stdio: the very functions tools.ts exports,
 * served with `serveToolsOverStdio` from @skillflow/mcp. Lookups are announced with `readOnlyHint: true`;
 * a write takes its idempotency key from the request's `_meta` (`skillflow/idempotency-key`), so a
 * repeated key books nothing new, exactly as in-process.
 *
 *     node --import jiti/register skills/conference-trip/mcp-server.ts
 *
 * `over-mcp/conference-trip/` is this skill (the same SKILL.md) with its tools taken from this server. With
 * CONFERENCE_TRIP_CALL_LOG set to a file, every call is appended to it as one JSON line (tool, input,
 * idempotency key, clock), as the server received it.
 */
import { appendFileSync } from "node:fs";
import { serveToolsOverStdio, type ServedCall } from "@skillflow/mcp";
import tools from "./tools.js";

const log = process.env.CONFERENCE_TRIP_CALL_LOG;
const onCall = log ? (call: ServedCall) => appendFileSync(log, `${JSON.stringify(call)}\n`) : undefined;

await serveToolsOverStdio(tools, { name: "conference-trip", ...(onCall && { onCall }) });
