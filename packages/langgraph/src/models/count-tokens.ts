/**
 * Token counts for when a provider reports none, and for the cost benchmark (both arms counted with the
 * same tokenizer). The tokenizer is OpenAI's `cl100k_base` (GPT-4 / GPT-3.5) from js-tiktoken: a fixed,
 * widely used BPE that needs no network. It is not Gemini's or Claude's tokenizer, so counts are
 * estimates for those models — comparable with each other, not billing figures.
 *
 * The encoder's tables are loaded lazily on the first count and kept (about 0.2 s, once per process), so
 * importing this module costs nothing. Never use `model.getNumTokens()` instead: offline it tries to
 * fetch a tokenizer and hangs for a long time.
 */
import { createRequire } from "node:module";
import type { Tiktoken } from "js-tiktoken/lite";

/** The encoding every count in this project uses. */
export const TOKENIZER = "cl100k_base";

let encoder: Tiktoken | undefined;

/** The shared encoder, loaded on first use. */
function loadEncoder(): Tiktoken {
  if (!encoder) {
    const require = createRequire(import.meta.url);
    const { Tiktoken: Encoder } = require("js-tiktoken/lite") as typeof import("js-tiktoken/lite");
    const ranks = require(`js-tiktoken/ranks/${TOKENIZER}`) as { default?: unknown };
    encoder = new Encoder((ranks.default ?? ranks) as ConstructorParameters<typeof Encoder>[0]);
  }
  return encoder;
}

/**
 * The number of `cl100k_base` tokens in `text`. Special-token markers in the text (`<|endoftext|>`)
 * are counted as ordinary text. Deterministic; the first call loads the tables.
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  return loadEncoder().encode(text, [], []).length;
}
