/**
 * `VersionStore`: every save of a skill in the Studio, kept in the Studio's database beside the server's
 * own tables (the same `SqlDb`, SQLite or PostgreSQL): its content, time, author (the signed-in author)
 * and check result. Versions of a skill are numbered 1, 2, 3… by its folder name. A version that fails
 * the check is kept as a draft; `latestPassing` — what `flow serve --studio-db` runs — never returns one.
 */
import type { SqlDb } from "@skillflow/server";
import type { Diagnostic } from "@skillflow/core";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS skillflow_studio_versions (skill TEXT NOT NULL, number INTEGER NOT NULL, content TEXT NOT NULL, author TEXT NOT NULL, created_at TEXT NOT NULL, passes INTEGER NOT NULL, diagnostics TEXT NOT NULL, note TEXT, PRIMARY KEY (skill, number))`,
];

/** A version without its content, as the history lists it. */
export interface VersionInfo {
  /** The skill folder's name (`conference-trip`). */
  skill: string;
  number: number;
  author: string;
  createdAt: string;
  /** The check found no error: the version may be served and exported. */
  passes: boolean;
  errors: number;
  warnings: number;
  /** Why it was saved, when not by a plain save: `restored from version 2`, `drafted from: …`. */
  note?: string;
}

export interface Version extends VersionInfo {
  content: string;
  /** The check's diagnostics, with `file` relative to the skill folder (`SKILL.md`, `tools.ts`). */
  diagnostics: Diagnostic[];
}

export interface NewVersion {
  skill: string;
  content: string;
  author: string;
  at: string;
  diagnostics: Diagnostic[];
  note?: string;
}

export interface VersionStore {
  /** Save a version; the same content as the latest version saves nothing and returns that one (`saved: false`). */
  save(version: NewVersion): Promise<{ version: VersionInfo; saved: boolean }>;
  /** Every version of a skill, newest first. */
  list(skill: string): Promise<VersionInfo[]>;
  get(skill: string, number: number): Promise<Version | undefined>;
  latest(skill: string): Promise<Version | undefined>;
  /** The newest version that passed the check: what `flow serve` runs. */
  latestPassing(skill: string): Promise<Version | undefined>;
}

interface VersionRow {
  skill: string; number: number | string; content: string; author: string; created_at: string; passes: number | string; diagnostics: string; note: string | null;
}

export async function createVersionStore(db: SqlDb): Promise<VersionStore> {
  await db.setUp(async (tables) => {
    for (const statement of SCHEMA) await tables.run(statement);
  });
  const one = async (sql: string, params: unknown[]) => {
    const rows = await db.query<VersionRow>(sql, params);
    return rows[0] && fromRow(rows[0]);
  };
  const latest = (skill: string) => one(`SELECT * FROM skillflow_studio_versions WHERE skill = $1 ORDER BY number DESC LIMIT 1`, [skill]);
  return {
    // One save of a skill at a time, across processes on PostgreSQL (the lock is advisory there).
    save: (v) => db.lock.run(`skillflow-studio:${v.skill}`, async () => {
      const last = await latest(v.skill);
      if (last && last.content === v.content) return { version: infoOf(last), saved: false };
      const number = (last?.number ?? 0) + 1;
      const passes = !v.diagnostics.some((d) => d.severity === "error");
      await db.run(
        `INSERT INTO skillflow_studio_versions (skill, number, content, author, created_at, passes, diagnostics, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (skill, number) DO NOTHING`,
        [v.skill, number, v.content, v.author, v.at, passes ? 1 : 0, JSON.stringify(v.diagnostics), v.note ?? null]);
      return { version: infoOf((await latest(v.skill))!), saved: true };
    }),
    async list(skill) {
      const rows = await db.query<VersionRow>(`SELECT * FROM skillflow_studio_versions WHERE skill = $1 ORDER BY number DESC`, [skill]);
      return rows.map((row) => infoOf(fromRow(row)));
    },
    get: (skill, number) => one(`SELECT * FROM skillflow_studio_versions WHERE skill = $1 AND number = $2`, [skill, number]),
    latest,
    latestPassing: (skill) => one(`SELECT * FROM skillflow_studio_versions WHERE skill = $1 AND passes = 1 ORDER BY number DESC LIMIT 1`, [skill]),
  };
}

function fromRow(row: VersionRow): Version {
  const diagnostics = JSON.parse(row.diagnostics) as Diagnostic[];
  return {
    skill: row.skill, number: Number(row.number), content: row.content, author: row.author, createdAt: row.created_at,
    passes: Number(row.passes) === 1, diagnostics,
    errors: diagnostics.filter((d) => d.severity === "error").length,
    warnings: diagnostics.filter((d) => d.severity !== "error").length,
    ...(row.note ? { note: row.note } : {}),
  };
}

/** A version without its content and diagnostics. */
export function infoOf(version: Version): VersionInfo {
  const { content: _content, diagnostics: _diagnostics, ...info } = version;
  return info;
}
