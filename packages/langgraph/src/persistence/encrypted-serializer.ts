/**
 * Checkpoints encrypted at rest: a `SerializerProtocol` that wraps LangGraph's own serializer
 * (`JsonPlusSerializer`, with its plain-JSON fast path: plain-json-serializer.ts) and seals every value it writes with AES-256-GCM (node:crypto), under a key
 * derived from the deployment key (HKDF, purpose `checkpoint encryption`). @langchain/langgraph-checkpoint
 * ships no encrypting serializer for JavaScript (Python's `EncryptedSerializer` has no JS port), so this
 * is the small wrapper the savers' `serde` parameter is made for.
 *
 * A sealed value is stored with the type `aesgcm+TYPE` (TYPE: the inner serializer's, `json` or
 * `bytes`, also bound as additional data) and ASCII text: base64 of a fresh 12-byte IV, the 16-byte tag
 * and the ciphertext. IVs are cut from a pool of random bytes drawn 256 at a time (as Node's own
 * `randomUUID` does), never reused: one `randomBytes` call per value cost more than the cipher.
 *
 * The same value object is sealed once: a task's write is stored as a pending write, then, the same
 * object, as the blob of the channel it wrote in the next checkpoint — the flow's state twice per step.
 * The second dump reuses the first's text (a WeakMap by identity; the runtime's state is never edited in
 * place, a new step makes new objects). The two rows then hold the same text, which says only what the
 * checkpoint's channel versions already say: the blob is the write. `null` (a cleared channel: a third
 * of what a turn stores) is sealed once per serializer: its length already told it apart.
 *
 * Text, because the SQLite saver reads pending writes back through `CAST(value AS TEXT)`. Every value is deflated first (node:zlib) and stored as `aesgcm+deflate+TYPE`,
 * `deflate+TYPE` bound as additional data — every value, since the SQLite saver stores a checkpoint and
 * its metadata under one type: a flow's state is JSON whose keys and digests repeat, about a third of
 * its size deflated (bench:store). Values stored as `aesgcm+TYPE` (before deflate) are read as before. Only the length of the ciphertext
 * says anything about the content, as it did before; docs/design.md says why that is accepted.
 *
 * Reading a plain `json`/`bytes` value (written before encryption was on) is allowed only for stores
 * that held checkpoints before they were first opened encrypted (`allowPlaintext`); anywhere else it is
 * refused, so a row forged in the database cannot pass for the runtime's state. A value that does not
 * decrypt (another key, an altered row) is one sentence, never garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { deriveKey } from "./deployment-key.js";
import { PersistenceError } from "./persistence-error.js";
import { PlainJsonSerializer } from "./plain-json-serializer.js";

const PREFIX = "aesgcm+";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Compressed values carry this after the prefix (`aesgcm+deflate+json`), and in their additional data. */
const DEFLATE = "deflate+";
/** IVs drawn from the system's random source at once. */
const IVS_PER_DRAW = 256;

export interface EncryptedSerializerOptions {
  /** Accept values stored unencrypted (a store that had checkpoints before encryption). Default false. */
  allowPlaintext?: boolean;
  /** The store, for messages. */
  location?: string;
}

export class EncryptedSerializer implements SerializerProtocol {
  private readonly key: Buffer;
  private readonly inner = new PlainJsonSerializer();
  /** What each object was sealed to, while it lives. */
  private readonly sealed = new WeakMap<object, [string, Uint8Array]>();
  private sealedNull: [string, Uint8Array] | undefined;
  private ivPool = Buffer.alloc(0);
  private ivNext = 0;

  constructor(
    deploymentKey: Uint8Array,
    private readonly options: EncryptedSerializerOptions = {},
  ) {
    this.key = Buffer.from(deriveKey(deploymentKey, "checkpoint encryption"));
  }

  async dumpsTyped(data: unknown): Promise<[string, Uint8Array]> {
    if (data === null) return (this.sealedNull ??= await this.seal(null));
    const object = typeof data === "object" ? data : undefined;
    const known = object && this.sealed.get(object);
    if (known) return known;
    const result = await this.seal(data);
    if (object) this.sealed.set(object, result);
    return result;
  }

  private async seal(data: unknown): Promise<[string, Uint8Array]> {
    const [innerType, serialized] = await this.inner.dumpsTyped(data);
    const type = `${DEFLATE}${innerType}`;
    const plain = deflateRawSync(serialized, { level: 1 });
    const iv = this.nextIv();
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(type));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    const text = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
    return [`${PREFIX}${type}`, Buffer.from(text, "latin1")];
  }

  /** A fresh IV: the next 12 bytes of the pool, drawn again when it runs out. */
  private nextIv(): Buffer {
    if (this.ivNext + IV_BYTES > this.ivPool.length) {
      this.ivPool = randomBytes(IV_BYTES * IVS_PER_DRAW);
      this.ivNext = 0;
    }
    const iv = this.ivPool.subarray(this.ivNext, this.ivNext + IV_BYTES);
    this.ivNext += IV_BYTES;
    return iv;
  }

  async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
    if (!type.startsWith(PREFIX)) {
      if (!this.options.allowPlaintext) {
        throw new PersistenceError(`T${this.where().slice(1)} holds an unencrypted checkpoint value although it was created encrypted: it was not written by Skillflow, so it is not read.`, "plaintext-row");
      }
      return this.inner.loadsTyped(type, data);
    }
    const sealedType = type.slice(PREFIX.length);
    const plain = this.open(sealedType, data);
    if (!sealedType.startsWith(DEFLATE)) return this.inner.loadsTyped(sealedType, plain);
    return this.inner.loadsTyped(sealedType.slice(DEFLATE.length), inflateRawSync(plain));
  }

  private open(innerType: string, data: Uint8Array | string): Buffer {
    const raw = Buffer.from(typeof data === "string" ? data : new TextDecoder().decode(data), "base64");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(innerType));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new PersistenceError(`A checkpoint in ${this.where()} cannot be decrypted with this deployment key: it was written with another key, or altered.`, "wrong-key");
    }
  }

  private where(): string {
    return this.options.location ? `the store ${this.options.location}` : "the store";
  }
}
