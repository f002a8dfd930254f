/**
 * The Studio's versions for commands that read them (`flow studio export`, `flow serve --studio-db`):
 * the store at a `--db` URL, which must already exist when it is a SQLite file (reading must not leave
 * an empty database behind a typo). Failures are one sentence.
 */
import { existsSync } from "node:fs";
import { shownPath } from "@skillflow/core";
import { storeUrl } from "../chat/open-chat.js";

export type OpenedVersions =
  | { ok: true; store: Awaited<ReturnType<typeof import("@skillflow/studio")["openStudioStore"]>>; shown: string }
  | { ok: false; message: string; exitCode: number };

export async function openVersions(db: string, cwd: string, option: string): Promise<OpenedVersions> {
  const url = storeUrl(db, cwd);
  const lg = { ...(await import("@skillflow/langgraph")), ...(await import("@skillflow/langgraph/persistence")) };
  let location;
  try {
    location = lg.parseDbUrl(url);
  } catch (error) {
    return { ok: false, message: (error as Error).message, exitCode: 2 };
  }
  if (location.kind === "memory") return { ok: false, message: `${option} memory holds no versions: give the Studio's database (default .flow/studio.sqlite)`, exitCode: 2 };
  if (location.kind === "sqlite" && !existsSync(location.path)) {
    return { ok: false, message: `no Studio database at ${shownPath(location.path, cwd)}: save a version in flow studio first, or pass ${option} with its database`, exitCode: 2 };
  }
  const { openStudioStore } = await import("@skillflow/studio");
  try {
    const store = await openStudioStore(url);
    return { ok: true, store, shown: location.kind === "sqlite" ? shownPath(location.path, cwd) : lg.redactUrl(location.url) };
  } catch (error) {
    if (!(error instanceof lg.PersistenceError)) throw error;
    return { ok: false, message: error.message, exitCode: 1 };
  }
}
