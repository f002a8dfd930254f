/**
 * The Studio's database: the server's tables (sessions of signed-in authors among them) and the
 * versions, on one `--db` URL — a SQLite file (default `.flow/studio.sqlite`, set by the CLI),
 * PostgreSQL, or memory.
 */
import { openServeStore, type ServeStore } from "@skillflow/server";
import { createVersionStore, type VersionStore } from "./version-store.js";

export interface StudioStore {
  serve: ServeStore;
  versions: VersionStore;
  close(): Promise<void>;
}

export async function openStudioStore(url?: string): Promise<StudioStore> {
  const serve = await openServeStore(url);
  try {
    const versions = await createVersionStore(serve.db);
    return { serve, versions, close: () => serve.close() };
  } catch (error) {
    await serve.close().catch(() => undefined);
    throw error;
  }
}
