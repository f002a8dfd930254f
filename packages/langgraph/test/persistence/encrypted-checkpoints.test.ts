/**
 * Checkpoints encrypted at rest (SQLite here; PostgreSQL goes through the same serializer, see
 * test/guarantees/secrets-at-rest.test.ts): every stored value is sealed; a value sealed under another key
 * fails with one sentence, not garbage; a plain value is read only from a store that held checkpoints
 * before it was first opened encrypted (and is replaced by sealed ones as turns go on), and refused from
 * a store created encrypted (a row forged in the database).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCipheriv, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import { PersistenceError } from "../../src/persistence/persistence-error.js";
import { EncryptedSerializer } from "../../src/persistence/encrypted-serializer.js";
import { deriveKey } from "../../src/persistence/deployment-key.js";
import { compileTinyGraph, tinyTurn } from "./tiny-graph.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as new (path: string) => {
  prepare(sql: string): { all(...p: unknown[]): unknown[]; run(...p: unknown[]): unknown };
  close(): void;
};
let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "encrypted-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The `type` of every value the SQLite saver stored (checkpoints and pending writes). */
function storedTypes(file: string): string[] {
  const db = new Database(file);
  try {
    const rows = [...db.prepare("SELECT type FROM checkpoints").all(), ...db.prepare("SELECT type FROM writes").all()] as Array<{ type: string }>;
    return [...new Set(rows.map((r) => r.type))].sort();
  } finally {
    db.close();
  }
}

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(PersistenceError);
  expect((error as Error).message).not.toContain("\n");
  return error as PersistenceError;
}

describe("encrypted checkpoints", () => {
  it("seal every stored value: checkpoints, metadata and pending writes", async () => {
    const file = join(dir, "sealed.sqlite");
    const store = await openCheckpointer(file);
    await tinyTurn(compileTinyGraph(store.saver), "t", "hello");
    await store.close();
    expect(storedTypes(file)).toEqual(["aesgcm+deflate+json"]);
  });

  it("round-trip through the serializer, and fail with one sentence under another key", async () => {
    const sealed = await new EncryptedSerializer(randomBytes(32)).dumpsTyped({ code: "428193", n: 1 });
    expect(new TextDecoder().decode(sealed[1])).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const key = randomBytes(32);
    const serde = new EncryptedSerializer(key);
    const [type, bytes] = await serde.dumpsTyped({ code: "428193", n: 1 });
    expect(await serde.loadsTyped(type, bytes)).toEqual({ code: "428193", n: 1 });
    expect(await serde.loadsTyped(type, new TextDecoder().decode(bytes))).toEqual({ code: "428193", n: 1 });
    const error = await rejection(new EncryptedSerializer(randomBytes(32), { location: "x.sqlite" }).loadsTyped(type, bytes));
    expect(error.code).toBe("wrong-key");
    expect(error.message).toBe("A checkpoint in the store x.sqlite cannot be decrypted with this deployment key: it was written with another key, or altered.");
  });

  it("deflate a value before sealing it, and refuse it when its type no longer says so", async () => {
    const serde = new EncryptedSerializer(randomBytes(32));
    const value = { said: Array.from({ length: 40 }, (_, i) => ({ step: String(i), outcome: "already said" })) };
    const [type, bytes] = await serde.dumpsTyped(value);
    expect(type).toBe("aesgcm+deflate+json");
    expect(bytes.byteLength).toBeLessThan(JSON.stringify(value).length / 3);
    expect(await serde.loadsTyped(type, bytes)).toEqual(value);
    expect((await rejection(serde.loadsTyped("aesgcm+json", bytes))).code).toBe("wrong-key");
  });

  it("read a value sealed before values were deflated (`aesgcm+json`)", async () => {
    const key = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", Buffer.from(deriveKey(key, "checkpoint encryption")), iv).setAAD(Buffer.from("json"));
    const sealed = Buffer.concat([cipher.update('{"n":1}'), cipher.final()]);
    const text = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
    expect(await new EncryptedSerializer(key).loadsTyped("aesgcm+json", text)).toEqual({ n: 1 });
  });

  it("read a store written before encryption, and seal what the next turns write", async () => {
    const file = join(dir, "legacy.sqlite");
    const plain = SqliteSaver.fromConnString(file);
    await tinyTurn(compileTinyGraph(plain), "t", "before");
    expect(storedTypes(file)).toEqual(["json"]);
    const store = await openCheckpointer(file);
    const graph = compileTinyGraph(store.saver);
    expect((await graph.getState({ configurable: { thread_id: "t" } })).values).toMatchObject({ turns: 1, last: "before#1" });
    await tinyTurn(graph, "t", "after");
    await store.prune("t", 2);
    await store.close();
    expect(storedTypes(file)).toEqual(["aesgcm+deflate+json"]);
  });

  it("refuse a plain value in a store created encrypted (a forged row), and a store whose key check was removed", async () => {
    const file = join(dir, "forged.sqlite");
    const store = await openCheckpointer(file);
    await tinyTurn(compileTinyGraph(store.saver), "t", "real");
    await store.close();
    await tinyTurn(compileTinyGraph(SqliteSaver.fromConnString(file)), "forged", "forged");
    const reopened = await openCheckpointer(file);
    const forged = await rejection(compileTinyGraph(reopened.saver).getState({ configurable: { thread_id: "forged" } }));
    expect(forged.code).toBe("plaintext-row");
    expect(forged.message).toBe(`The store ${file} holds an unencrypted checkpoint value although it was created encrypted: it was not written by Skillflow, so it is not read.`);
    await reopened.close();

    const other = join(dir, "rekeyed.sqlite");
    const first = await openCheckpointer(other);
    await tinyTurn(compileTinyGraph(first.saver), "t", "real");
    await first.close();
    const db = new Database(other);
    db.prepare("DELETE FROM skillflow_store").run();
    db.close();
    const second = await openCheckpointer(other, { deploymentKey: randomBytes(32) });
    const wrong = await rejection(compileTinyGraph(second.saver).getState({ configurable: { thread_id: "t" } }));
    expect(wrong.code).toBe("wrong-key");
    await second.close();
  });
});
