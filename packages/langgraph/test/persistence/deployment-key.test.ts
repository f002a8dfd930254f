/**
 * The deployment key: parsed from hex or base64, at least 32 bytes; configured (option or
 * SKILLFLOW_DEPLOYMENT_KEY), or generated once and kept beside the store — SQLite `FILE.key` with mode
 * 0600, PostgreSQL a row of the store's own table — or, in memory, random per process. A key file with
 * wrong permissions or bad content, a store opened with another key, or a missing key file is one
 * sentence (a PersistenceError), never a stack trace.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import { PersistenceError } from "../../src/persistence/persistence-error.js";
import { parseDeploymentKey, DEPLOYMENT_KEY_ENV } from "../../src/persistence/deployment-key.js";
import { resolveFlowStore } from "../../src/persistence/flow-store.js";
import { compileTinyGraph, tinyTurn } from "./tiny-graph.js";
import { PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";
import { createTempDatabase } from "../../../../test/fixtures/durable/temp-pg-database.js";

notePgSkipped("deployment keys");
const KEY = randomBytes(32);
const OTHER = randomBytes(32);
let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "deployment-key-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => void delete process.env[DEPLOYMENT_KEY_ENV]);

async function failure(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(PersistenceError);
  expect((error as Error).message).not.toContain("\n");
  return error as PersistenceError;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("parseDeploymentKey", () => {
  it("reads hex, base64 and base64url text of 32 bytes or more, and bytes", () => {
    expect(hex(parseDeploymentKey(KEY.toString("hex"), "x"))).toBe(hex(KEY));
    expect(hex(parseDeploymentKey(KEY.toString("base64"), "x"))).toBe(hex(KEY));
    expect(hex(parseDeploymentKey(` ${KEY.toString("base64url")}\n`, "x"))).toBe(hex(KEY));
    expect(hex(parseDeploymentKey(KEY, "x"))).toBe(hex(KEY));
  });

  it("refuses short or unreadable keys with one sentence", () => {
    for (const bad of [randomBytes(16).toString("hex"), "not a key!", "", randomBytes(31)]) {
      const error = (() => { try { parseDeploymentKey(bad, SOURCE); } catch (e) { return e as PersistenceError; } })();
      expect(error?.code).toBe("bad-key");
      expect(error?.message).toMatch(/^The deployment key in SKILLFLOW_DEPLOYMENT_KEY is not usable \(.+\): give at least 32 random bytes as hex or base64/);
    }
  });
});
const SOURCE = "SKILLFLOW_DEPLOYMENT_KEY";

describe("a SQLite store's key", () => {
  it("is generated once into FILE.key, owner-only, and the same on every open", async () => {
    const file = join(dir, "fresh.sqlite");
    const first = await openCheckpointer(`sqlite:${file}`);
    expect(first.keySource).toBe("key-file");
    expect(statSync(`${file}.key`).mode & 0o777).toBe(0o600);
    const key = await first.deploymentKey();
    expect(key.length).toBe(32);
    expect(hex(parseDeploymentKey(readFileSync(`${file}.key`, "utf8"), "file"))).toBe(hex(key));
    await tinyTurn(compileTinyGraph(first.saver), "t", "a");
    await first.close();
    const second = await openCheckpointer(file);
    expect(hex(await second.deploymentKey())).toBe(hex(key));
    expect(await tinyTurn(compileTinyGraph(second.saver), "t", "b")).toMatchObject({ turns: 2 });
    await second.close();
  });

  it("is the configured one when given (option or SKILLFLOW_DEPLOYMENT_KEY), and no key file is written", async () => {
    const a = await openCheckpointer(`sqlite:${join(dir, "option.sqlite")}`, { deploymentKey: KEY.toString("base64") });
    expect([a.keySource, hex(await a.deploymentKey())]).toEqual(["configured", hex(KEY)]);
    await a.close();
    process.env[DEPLOYMENT_KEY_ENV] = KEY.toString("hex");
    const b = await openCheckpointer(`sqlite:${join(dir, "env.sqlite")}`);
    expect([b.keySource, hex(await b.deploymentKey())]).toEqual(["environment", hex(KEY)]);
    await b.close();
    expect(existsSync(join(dir, "option.sqlite.key")) || existsSync(join(dir, "env.sqlite.key"))).toBe(false);
  });

  it("refuses a key file others can read, or one that holds no key", async () => {
    const file = join(dir, "perms.sqlite");
    writeFileSync(`${file}.key`, KEY.toString("base64"), { mode: 0o644 });
    chmodSync(`${file}.key`, 0o644);
    const open = await failure(openCheckpointer(file));
    expect(open.code).toBe("bad-key");
    expect(open.message).toBe(`The deployment key file ${file}.key can be read by other users (mode 0644): run \`chmod 600 ${file}.key\`.`);
    writeFileSync(`${file}.key`, "hello", { mode: 0o600 });
    chmodSync(`${file}.key`, 0o600);
    expect((await failure(openCheckpointer(file))).message).toMatch(/^The deployment key in the key file .+perms\.sqlite\.key is not usable/);
  });

  it("refuses another key, and a missing key file, with one sentence", async () => {
    const file = join(dir, "keyed.sqlite");
    await (await openCheckpointer(file)).close();
    const wrong = await failure(openCheckpointer(file, { deploymentKey: OTHER }));
    expect(wrong.code).toBe("wrong-key");
    expect(wrong.message).toBe(`The deployment key from the \`deploymentKey\` option is not the key the SQLite store ${file} was created with: use that key (SKILLFLOW_DEPLOYMENT_KEY or ${file}.key).`);
    unlinkSync(`${file}.key`);
    const missing = await failure(openCheckpointer(file));
    expect(missing.message).toBe(`The SQLite store ${file} is encrypted, but its key file ${file}.key is missing: restore it, or set SKILLFLOW_DEPLOYMENT_KEY to the key it was created with.`);
    expect(existsSync(`${file}.key`)).toBe(false);
  });
});

describe("a memory store's key", () => {
  it("is random per process unless configured", async () => {
    const [a, b] = [await openCheckpointer(), await openCheckpointer("memory")];
    expect(a.keySource).toBe("process");
    expect(hex(await a.deploymentKey())).toBe(hex(await b.deploymentKey()));
    const configured = await openCheckpointer(undefined, { deploymentKey: KEY });
    expect(hex(await configured.deploymentKey())).toBe(hex(KEY));
  });
});

describe("createFlow's key (resolveFlowStore)", () => {
  it("is the store's; a different one given beside the store is refused", async () => {
    const store = await openCheckpointer(undefined, { deploymentKey: KEY });
    expect(hex((await resolveFlowStore({ store })).deploymentKey)).toBe(hex(KEY));
    expect(hex((await resolveFlowStore({ store, deploymentKey: KEY.toString("hex") })).deploymentKey)).toBe(hex(KEY));
    const error = await failure(resolveFlowStore({ store, deploymentKey: OTHER }));
    expect(error.message).toBe("createFlow's `deploymentKey` is not the key of the store it was given (memory): pass the key to `openCheckpointer(url, { deploymentKey })` instead.");
    expect(hex((await resolveFlowStore({ deploymentKey: OTHER })).deploymentKey)).toBe(hex(OTHER));
  });
});

describe.skipIf(!PG_URL)("a PostgreSQL store's key", () => {
  it("is generated once and kept in the store's table, the same for every open (two at once agree); another key is refused", async () => {
    const db = await createTempDatabase(PG_URL!, "key");
    try {
      const [a, b] = await Promise.all([openCheckpointer(db.url), openCheckpointer(db.url)]);
      expect(a.keySource).toBe("store");
      expect(hex(await a.deploymentKey())).toBe(hex(await b.deploymentKey()));
      await Promise.all([a.close(), b.close()]);
      const wrong = await failure(openCheckpointer(db.url, { deploymentKey: OTHER }));
      expect(wrong.message).toMatch(/^The deployment key from the `deploymentKey` option is not the key PostgreSQL at postgres:\/\/.+ was created with: use that key \(SKILLFLOW_DEPLOYMENT_KEY\)\.$/);
    } finally {
      await db.drop();
    }
  });

  it("is never written to the store when configured", async () => {
    const db = await createTempDatabase(PG_URL!, "configured");
    try {
      process.env[DEPLOYMENT_KEY_ENV] = KEY.toString("base64");
      const store = await openCheckpointer(db.url);
      expect([store.keySource, hex(await store.deploymentKey())]).toEqual(["environment", hex(KEY)]);
      await store.close();
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query("SELECT name FROM skillflow_store ORDER BY name");
      await client.end();
      expect(rows.map((r) => r.name)).toEqual(["key_check", "legacy_plaintext"]);
    } finally {
      await db.drop();
    }
  });
});

