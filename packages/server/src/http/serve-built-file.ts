/**
 * A file a page bundle built at `prepare` time (`page-dist/`): gzipped to a browser that accepts it,
 * with its content type and the page's security headers; 404 for a name not in `types`, and one
 * sentence saying how to build it when the file is missing. Used by the chat pages and the Studio.
 */
import { readFile } from "node:fs/promises";
import { problem } from "./respond.js";

export interface BuiltFiles {
  /** The folder the bundle was built into. */
  folder: URL;
  /** The files served, by name, with their content types. */
  types: Record<string, string>;
  /** What the bundle is, for the "not built" sentence (`The chat page`). */
  what: string;
  headers: Record<string, string>;
}

export async function serveBuiltFile(files: BuiltFiles, request: Request, name: string): Promise<Response> {
  const type = Object.hasOwn(files.types, name) ? files.types[name] : undefined;
  if (!type) return problem(404, `No page file ${name}.`);
  const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  try {
    const body = await readFile(new URL(gzip ? `${name}.gz` : name, files.folder));
    const encoding: Record<string, string> = gzip ? { "content-encoding": "gzip", vary: "accept-encoding" } : {};
    return new Response(body, { headers: { "content-type": type, "cache-control": "no-cache", ...encoding, ...files.headers } });
  } catch {
    return problem(500, `${files.what} is not built (${name} is missing): run \`npm run build\` (or \`npm ci\`), which bundles it.`);
  }
}
