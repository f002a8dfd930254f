/**
 * Approver credentials are stored as scrypt hashes, never in clear: `scrypt$N$r$p$salt$hash` (salt and
 * hash base64url). `hashCredential` makes one (for the approvers file); `verifyCredential` checks a
 * typed credential against it in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const DEFAULTS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))));
}

/** A new hash of `secret`, to put in the approvers file as `credential`. */
export async function hashCredential(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, DEFAULTS);
  return ["scrypt", DEFAULTS.N, DEFAULTS.r, DEFAULTS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `stored` has the form `hashCredential` writes. Pure. */
export function isCredentialHash(stored: string): boolean {
  return /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/.test(stored);
}

/** Whether `secret` matches `stored` (false for a malformed hash). */
export async function verifyCredential(secret: string, stored: string): Promise<boolean> {
  if (!isCredentialHash(stored)) return false;
  const [, n, r, p, salt, hash] = stored.split("$");
  const expected = Buffer.from(hash!, "base64url");
  const key = await derive(secret, Buffer.from(salt!, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
