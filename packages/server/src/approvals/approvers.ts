/**
 * The verified approvers: who may answer which approval requests. Configured outside the conversation —
 * a JSON file (`--approvers FILE`) or the `FLOW_APPROVERS` environment variable — as
 *
 *   { "approvers": { "sam": { "roles": ["supervisor"], "credential": "scrypt$16384$8$1$…$…" } } }
 *
 * Credentials are scrypt hashes (`flow serve --hash-credential` makes one). Each problem in the file is
 * one sentence naming the approver and what to fix.
 */
import { isCredentialHash, verifyCredential } from "./credentials.js";

export interface Approver {
  id: string;
  roles: string[];
  credential: string;
}

export interface ApproverDirectory {
  /** The approver whose id and credential match, or undefined (unknown id or wrong credential). */
  verify(id: string, credential: string): Promise<Approver | undefined>;
  /** The approver with this id (for a signed-in session), or undefined. */
  find(id: string): Approver | undefined;
  readonly size: number;
}

export class ApproverConfigError extends Error {
  override name = "ApproverConfigError";
}

/** Build the directory from the parsed JSON config. Throws ApproverConfigError with one sentence. */
export function approverDirectory(config: unknown, source = "the approvers config"): ApproverDirectory {
  const approvers = readApprovers(config, source);
  const byId = new Map(approvers.map((a) => [a.id, a]));
  // An unknown id still costs one scrypt, so timing does not tell which ids exist.
  const decoy = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
  return {
    async verify(id, credential) {
      const approver = byId.get(id);
      const ok = await verifyCredential(credential, approver?.credential ?? decoy);
      return ok && approver ? approver : undefined;
    },
    find: (id) => byId.get(id),
    size: approvers.length,
  };
}

/** Parse approvers JSON text (file contents or the env variable). */
export function parseApprovers(text: string, source: string): ApproverDirectory {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new ApproverConfigError(`${source} is not valid JSON: ${(error as Error).message}.`);
  }
  return approverDirectory(config, source);
}

function readApprovers(config: unknown, source: string): Approver[] {
  const table = isRecord(config) ? config.approvers : undefined;
  if (!isRecord(table)) throw new ApproverConfigError(`${source} must be { "approvers": { "ID": { "roles": [...], "credential": "scrypt$…" } } }.`);
  return Object.entries(table).map(([id, entry]) => {
    if (!isRecord(entry)) throw new ApproverConfigError(`Approver "${id}" in ${source} must be an object with roles and credential.`);
    const roles = entry.roles;
    if (!Array.isArray(roles) || roles.length === 0 || !roles.every((r) => typeof r === "string" && r)) {
      throw new ApproverConfigError(`Approver "${id}" in ${source} needs "roles": a list of role names, such as ["supervisor"].`);
    }
    if (typeof entry.credential !== "string" || !isCredentialHash(entry.credential)) {
      throw new ApproverConfigError(`Approver "${id}" in ${source} needs "credential": a scrypt hash made by \`flow serve --hash-credential\`, never the credential itself.`);
    }
    return { id, roles: roles as string[], credential: entry.credential };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
