/**
 * `.ci/start-postgres.sh`, the CI script that gives the suite a PostgreSQL server. Its install branch
 * (no PostgreSQL binaries present: apt-get update + install postgresql) is taken on a bare CI machine
 * only, so `--install` takes it even where PostgreSQL is installed, and the case below runs it once:
 * install, start a throwaway server, run a query on it, stop it.
 *
 * It installs system packages, so it runs only when CI=true (as CI services set it); otherwise it is
 * skipped and says so on stderr — never silently. Locally: CI=true npx vitest run test/ci/start-postgres.test.ts
 */
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import pg from "pg";

const root = fileURLToPath(new URL("../..", import.meta.url));
const script = `${root}.ci/start-postgres.sh`;
const CI = process.env.CI === "true";
const run = (args: string[]) => spawnSync(script, args, { encoding: "utf8", timeout: 900_000 });

if (!CI) {
  console.warn("start-postgres.sh --install (the apt-get install branch): SKIPPED: it installs PostgreSQL with apt-get, so it runs only when CI=true (CI=true npx vitest run test/ci/start-postgres.test.ts)");
}

describe(".ci/start-postgres.sh", () => {
  it("refuses an unknown argument with how it is used, exit 2", () => {
    const result = run(["--frob"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("start-postgres: unknown argument --frob: usage: start-postgres.sh [--install] | stop DIR\n");
    expect(result.stdout).toBe("");
  });

  it.skipIf(!CI)("--install: installs PostgreSQL from Debian packages, starts a server that answers, and stops it", async () => {
    const started = run(["--install"]);
    expect(started.stderr).toContain("start-postgres: --install given: ignoring any installed PostgreSQL; installing it from Debian packages");
    expect(started.status, started.stderr).toBe(0);
    const url = /^export PG_URL=(\S+)$/m.exec(started.stdout)?.[1];
    const dir = /^export SKILLFLOW_PG_DIR=(\S+)$/m.exec(started.stdout)?.[1];
    expect(url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/skillflow_test$/);
    expect(dir && existsSync(`${dir}/data/PG_VERSION`)).toBe(true);
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query("select 1 + 1 as two");
      await client.end();
      expect(rows).toEqual([{ two: 2 }]);
    } finally {
      const stopped = run(["stop", dir!]);
      expect(stopped.status, stopped.stderr).toBe(0);
      expect(existsSync(`${dir}/data/postmaster.pid`)).toBe(false);
      rmSync(dir!, { recursive: true, force: true });
    }
  }, 900_000);
});
