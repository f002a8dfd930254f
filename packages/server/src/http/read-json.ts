/**
 * Reading a JSON request body with a size limit: the declared length is checked first, then the bytes
 * as they arrive (a body that lies about its length is cut off at the limit). Over the limit is 413,
 * anything but JSON is 400 — each with one sentence.
 */
import { problem } from "./respond.js";

export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJson(request: Request, limit: number): Promise<BodyResult> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return tooLarge(limit);
  const text = await readText(request, limit);
  if (text === undefined) return tooLarge(limit);
  if (!text.trim()) return { ok: false, response: problem(400, "The request has no body: send a JSON object.") };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, response: problem(400, `The body is not valid JSON (${(error as Error).message}).`) };
  }
}

/** The body as text, or undefined once it passes `limit` bytes. */
async function readText(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function tooLarge(limit: number): BodyResult {
  return { ok: false, response: problem(413, `The body is larger than the limit of ${limit} bytes.`) };
}
