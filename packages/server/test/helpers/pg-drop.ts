/**
 * A server on a PostgreSQL database of its own whose every connection is terminated once, synchronously,
 * from the log hook: right after the first turn whose log line contains `marker` once `arm()` was
 * called (the log line is written right after `flow.send` returns). No other test file uses the
 * database, so the drop touches nothing else.
 */
import { spawnSync } from "node:child_process";
import { createTempDatabase } from "../../../../test/fixtures/durable/temp-pg-database.js";
import { startServe, type ServeFixture } from "./serve-fixture.js";
import type { SkillflowServerOptions } from "@skillflow/server";

const TERMINATE = `const pg = require("pg"); const c = new pg.Client({ connectionString: process.argv[1] });
c.connect().then(() => c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")).then(() => c.end());`;

export interface DropFixture {
  serve: ServeFixture;
  /** Terminate the connections after the next matching turn. */
  arm(): void;
  /** Whether the armed drop happened. */
  dropped(): boolean;
  close(): Promise<void>;
}

export async function serveWithDrop(pgUrl: string, name: string, marker: string, options: Partial<SkillflowServerOptions> = {}): Promise<DropFixture> {
  const temp = await createTempDatabase(pgUrl, name);
  let armed = false;
  let dropped = false;
  const serve = await startServe({
    ...options,
    db: temp.url,
    log: (line) => {
      if (!armed || !line.includes(marker)) return;
      armed = false;
      spawnSync(process.execPath, ["-e", TERMINATE, temp.url], { cwd: process.cwd(), stdio: "inherit" });
      dropped = true;
    },
  });
  return {
    serve,
    arm: () => void (armed = true),
    dropped: () => dropped,
    close: async () => {
      await serve.close();
      await temp.drop();
    },
  };
}
