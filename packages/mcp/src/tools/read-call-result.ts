/**
 * A `tools/call` result as a tool's output: its `structuredContent` when it has one, else its text
 * content (parsed when it is JSON). A result marked `isError` is a failed call, with the server's words. Pure.
 */

interface CallResultLike {
  isError?: boolean;
  structuredContent?: unknown;
  content?: unknown;
}

export function readCallResult(tool: string, raw: unknown): unknown {
  const result = (raw ?? {}) as CallResultLike;
  const text = textOf(result.content);
  if (result.isError) throw new Error(`${tool} failed on its MCP server: ${text || "the server reported an error without a message"}`);
  if (result.structuredContent !== undefined) return result.structuredContent;
  if (text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function textOf(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((part) => part?.type === "text" && typeof part.text === "string").map((part) => part.text as string);
  return texts.length ? texts.join("\n") : undefined;
}
