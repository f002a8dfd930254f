/**
 * The deployment key: one secret per deployment, at least 32 bytes. It keys the digests that leave the
 * runtime and, through HKDF, encrypts checkpoints at rest. Where it comes from, first match wins:
 *
 *   1. configured: `openCheckpointer(url, { deploymentKey })` / `createFlow({ deploymentKey })`, or the
 *      environment variable `SKILLFLOW_DEPLOYMENT_KEY` — base64 (or base64url) or hex text, or bytes;
 *   2. kept beside the store (`open-sqlite.ts`: `FILE.key`, mode 0600; `open-postgres.ts`: a row of the
 *      store's own table) — generated once, with `crypto.randomBytes(32)`;
 *   3. memory stores: a random key per process.
 *
 * Every problem is one sentence (`PersistenceError`, code `bad-key` or `wrong-key`).
 */
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { closeSync, existsSync, linkSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { PersistenceError } from "./persistence-error.js";

export const DEPLOYMENT_KEY_ENV = "SKILLFLOW_DEPLOYMENT_KEY";
export const MIN_KEY_BYTES = 32;

/** What a caller may pass as a key: its text (base64 or hex) or its bytes. */
export type DeploymentKeyInput = string | Uint8Array;

/** Where a store's key came from. */
export type KeySource = "configured" | "environment" | "key-file" | "store" | "process";

export interface ResolvedKey {
  key: Uint8Array;
  source: KeySource;
  /** For messages: the file, the variable, or `the option`. */
  where: string;
}

/** The configured key: the option, else SKILLFLOW_DEPLOYMENT_KEY; undefined when neither is set. */
export function configuredKey(option?: DeploymentKeyInput, env: NodeJS.ProcessEnv = process.env): ResolvedKey | undefined {
  if (option !== undefined) return { key: parseDeploymentKey(option, "the `deploymentKey` option"), source: "configured", where: "the `deploymentKey` option" };
  const text = env[DEPLOYMENT_KEY_ENV];
  if (text === undefined || text.trim() === "") return undefined;
  return { key: parseDeploymentKey(text, DEPLOYMENT_KEY_ENV), source: "environment", where: DEPLOYMENT_KEY_ENV };
}

/** Decode a key given as hex or base64 text (or bytes) and check its length. Pure. */
export function parseDeploymentKey(input: DeploymentKeyInput, where: string): Uint8Array {
  const bytes = typeof input === "string" ? decodeKeyText(input.trim()) : input;
  if (!bytes || bytes.length < MIN_KEY_BYTES) {
    const got = bytes ? `${bytes.length} bytes` : "text that is neither hex nor base64";
    throw new PersistenceError(`The deployment key in ${where} is not usable (${got}): give at least ${MIN_KEY_BYTES} random bytes as hex or base64, e.g. \`openssl rand -base64 32\`.`, "bad-key");
  }
  return Uint8Array.from(bytes);
}

function decodeKeyText(text: string): Uint8Array | undefined {
  if (/^[0-9a-f]+$/i.test(text) && text.length % 2 === 0) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return undefined;
}

/** The key in `path`, which must be readable by its owner only. Undefined when the file does not exist. */
export function readKeyFile(path: string): Uint8Array | undefined {
  if (!existsSync(path)) return undefined;
  const mode = statSync(path).mode & 0o777;
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    throw new PersistenceError(`The deployment key file ${path} can be read by other users (mode ${mode.toString(8).padStart(4, "0")}): run \`chmod 600 ${path}\`.`, "bad-key");
  }
  return parseDeploymentKey(readFileSync(path, "utf8"), `the key file ${path}`);
}

/**
 * Create `path` with a new random key, owner-only (0600), atomically: the key is written to a private
 * temporary file first and linked into place, so a process racing this one reads either nothing or the
 * whole key; the loser of the race reads the winner's key.
 */
export function createKeyFile(path: string): Uint8Array {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const fd = openSync(temp, "wx", 0o600);
  try {
    writeSync(fd, `${randomBytes(MIN_KEY_BYTES).toString("base64")}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temp);
  }
  return readKeyFile(path)!;
}

let processKey: Uint8Array | undefined;

/** The random key of this process (memory stores without a configured key). */
export function processDeploymentKey(): Uint8Array {
  return (processKey ??= Uint8Array.from(randomBytes(MIN_KEY_BYTES)));
}

/** A 32-byte key for one purpose (`checkpoint encryption`, `digests`, …), derived with HKDF-SHA256. Pure. */
export function deriveKey(key: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", key, "skillflow", `skillflow ${purpose}`, 32));
}

/** A value that tells whether a key is the one a store was created with, and reveals nothing of it. Pure. */
export function keyCheckOf(key: Uint8Array): string {
  return createHmac("sha256", deriveKey(key, "key check")).update("skillflow deployment key check v1").digest("hex").slice(0, 32);
}
