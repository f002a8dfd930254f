/**
 * A cassette: the replies a real model gave to one proof (`flow prove --model … --record`), kept beside
 * the proof so `flow prove` replays them offline. One entry per model call, in order: the turn it was
 * made on, what the model saw (the system and user text of the extraction prompt, secrets already
 * hidden by the runtime) and what came back through the model port (values, drops, usage), exactly.
 * `cassettePathOf` and `cassetteText` are pure; reading and writing touch the file system.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import type { ExtractResult } from "../understand/model-port.js";
import { ProofError } from "./proof-types.js";

export const CASSETTE_VERSION = 1;

/** What the model saw on one call: the prompt's two messages, as sent. */
export interface CassetteRequest {
  system: string;
  user: string;
}

export interface CassetteCall {
  /** The proof turn (1-based) the call was made on. */
  turn: number;
  request: CassetteRequest;
  /** The port's answer, replayed as is. */
  reply: ExtractResult;
}

export interface Cassette {
  version: typeof CASSETTE_VERSION;
  /** The model it was recorded with (`gemini:gemini-2.5-flash`). */
  model: string;
  calls: CassetteCall[];
}

/** `x.proof.yaml` → `x.cassette.json`; `prove.yaml` → `prove.cassette.json`. Pure. */
export function cassettePathOf(proofPath: string): string {
  return proofPath.replace(/(\.proof)?\.ya?ml$/i, "") + ".cassette.json";
}

/** The file's text: two-space JSON and a final newline, so a new recording reads as a diff. Pure. */
export function cassetteText(cassette: Cassette): string {
  return `${JSON.stringify(cassette, null, 2)}\n`;
}

export async function writeCassette(path: string, cassette: Cassette): Promise<void> {
  await writeFile(path, cassetteText(cassette), "utf8");
}

/** The cassette at `path`, or undefined when there is none. A file that is not one is a `ProofError`. */
export async function readCassette(path: string, shown: string): Promise<Cassette | undefined> {
  if (!existsSync(path)) return undefined;
  const fail = (reason: string) => new ProofError(shown, 1, 1, `${reason}; record it again with \`flow prove --model … --record\`, or delete it.`);
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, "utf8"));
  } catch {
    throw fail("This cassette is not JSON");
  }
  const cassette = data as Partial<Cassette> | null;
  if (cassette?.version !== CASSETTE_VERSION) throw fail(`This cassette is not version ${CASSETTE_VERSION} of the cassette format`);
  if (typeof cassette.model !== "string" || !Array.isArray(cassette.calls) || !cassette.calls.every(isCall)) {
    throw fail("This cassette lacks `model` or a list of `calls`, each with `turn`, `request` and `reply`");
  }
  return cassette as Cassette;
}

function isCall(call: unknown): call is CassetteCall {
  const c = call as Partial<CassetteCall> | null;
  return Number.isInteger(c?.turn) && typeof c?.request?.system === "string" && typeof c.request.user === "string"
    && typeof c.reply?.extraction === "object" && c.reply.extraction !== null;
}
