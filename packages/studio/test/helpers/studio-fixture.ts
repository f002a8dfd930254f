/**
 * Test fixture: a real Studio (`createStudio`) on a real `node:http` server on a free loopback port, over
 * the repository's skills and proofs, its versions in a SQLite file of its own; and a small JSON client
 * that keeps the author's session cookie like a browser.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toNodeListener } from "@skillflow/server";
import { createStudio, type Studio, type StudioOptions } from "@skillflow/studio";

export const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const NOW = "2027-03-01T09:00:00Z";

export interface StudioFixture {
  studio: Studio;
  url: string;
  dbFile: string;
  close(): Promise<void>;
}

export async function startStudio(options: Partial<StudioOptions> = {}): Promise<StudioFixture> {
  const dir = mkdtempSync(join(tmpdir(), "studio-test-"));
  const dbFile = join(dir, "studio.sqlite");
  const studio = await createStudio({ skillsDir: join(ROOT, "skills"), cwd: ROOT, db: dbFile, now: NOW, localAuthor: "dev", ...options });
  const http: Server = createServer(toNodeListener(studio.fetch));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    studio, dbFile, url: `http://127.0.0.1:${port}`,
    close: async () => {
      await studio.shutdown();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** JSON requests to the Studio with a cookie jar of one cookie (the author's session). */
export function client(base: string) {
  let cookie = "";
  const request = async (path: string, body?: unknown, method = body === undefined ? "GET" : "POST") => {
    const response = await fetch(`${base}/${path}`, {
      method,
      headers: { ...(body !== undefined && { "content-type": "application/json" }), ...(cookie && { cookie }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0]!;
    const text = await response.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text, headers: response.headers };
  };
  return { request, get cookie() { return cookie; } };
}
