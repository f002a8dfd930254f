/**
 * The `expect:` block of a proof turn: each key of PROOF-FORMAT.md, with its value checked and
 * normalized (a single name where a list is expected becomes a one-element list). Pure.
 */
import { EXPECTATION_KEYS, type ExpectationKey, type Expectations } from "./proof-types.js";
import { asRegex } from "./describe-seen.js";
import { isRecord, type ProofReader, type YamlPath } from "./proof-reader.js";

export function parseExpectations(
  reader: ProofReader,
  path: YamlPath,
  value: unknown,
): { expect: Expectations; order: ExpectationKey[] } {
  if (value === undefined || value === null) return { expect: {}, order: [] };
  if (!isRecord(value)) throw reader.error(path, "`expect:` is a mapping of expectations, e.g. `expect: { asks: nights }`.");
  reader.checkKeys(path, value, EXPECTATION_KEYS, "expectation");
  const expect: Expectations = {};
  const order = Object.keys(value) as ExpectationKey[];
  for (const key of order) setExpectation(reader, [...path, key], expect, key, value[key]);
  return { expect, order };
}

function setExpectation(reader: ProofReader, path: YamlPath, expect: Expectations, key: ExpectationKey, value: unknown): void {
  switch (key) {
    case "asks":
    case "shows":
    case "waits_for":
      expect[key] = name(reader, path, key, value);
      return;
    case "refused":
      expect.refused = text(reader, path, key, value);
      return;
    case "says":
      expect.says = Array.isArray(value) ? value.map((v, i) => text(reader, [...path, i], key, v)) : [text(reader, path, key, value)];
      return;
    case "called":
    case "called_in_order":
    case "not_called":
    case "dropped":
      expect[key] = names(reader, path, key, value);
      return;
    case "fields":
      if (!isRecord(value)) throw reader.error(path, "`fields:` is a mapping of field names to values, e.g. `fields: { nights: 4 }`.");
      expect.fields = value;
      return;
    case "model_calls":
      if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw reader.error(path, "`model_calls:` is a whole number, e.g. `model_calls: 0`.");
      expect.model_calls = value;
      return;
    case "done":
      if (typeof value !== "boolean") throw reader.error(path, "`done:` is true or false.");
      expect.done = value;
      return;
    case "active":
      expect.active = value === null || value === "none" ? null : name(reader, path, key, value);
      return;
    case "handed_off":
      expect.handed_off = typeof value === "boolean" ? value : name(reader, path, key, value);
      return;
    case "ends":
      expect.ends = typeof value === "boolean" ? value : name(reader, path, key, value);
      return;
  }
}

function name(reader: ProofReader, path: YamlPath, key: string, value: unknown): string {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  throw reader.error(path, `\`${key}:\` takes a text, e.g. \`${key}: nights\`.`);
}

/** A text to match: a substring, or a `/regex/` checked here so a bad one is a located error, not a failed turn. */
function text(reader: ProofReader, path: YamlPath, key: string, value: unknown): string {
  const pattern = name(reader, path, key, value);
  try {
    asRegex(pattern);
  } catch (error) {
    throw reader.error(path, `\`${key}:\` is not a valid regular expression: ${(error as Error).message}.`);
  }
  return pattern;
}

function names(reader: ProofReader, path: YamlPath, key: string, value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value;
  throw reader.error(path, `\`${key}:\` takes a list of names, e.g. \`${key}: [search_flights]\`.`);
}
