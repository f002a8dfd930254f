/**
 * `chatModelPort(model)`: the model port over any LangChain chat model. One structured-output call per
 * free-text message. The result is always `safeParse`d key by key (the generic `withStructuredOutput`
 * path does not validate): a value no field could take (an object, a list) is dropped and reported; a
 * scalar goes on to the runtime, which checks it against the field's shape and refuses it with the
 * skill's message; keys outside the schema are passed on so the runtime drops them with its reason
 * (user-only, unknown) — except `__proto__`, dropped here as unknown; output that is not a set of values at all becomes `{ ok: false, raw, error }`
 * instead of an exception.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import { ownValue, type Extraction } from "@skillflow/core";
import type { ExtractRequest, ExtractResult, ModelPort, ModelUsage } from "./model-port.js";
import { buildExtractPrompt, EXTRACT_TOOL } from "./build-extract-prompt.js";
import { buildExtractionSchema, buildValueSchema, extractionKey, INTENT_KEY, REPLY_KEY, SKILL_KEY, type ExtractionSchema } from "./build-extraction-schema.js";

export interface ChatModelPortOptions {
  /** Shown as the port's id; defaults to the model's `_llmType()`. */
  id?: string | undefined;
}

/** Structured-output runnables a port keeps, by the fields they ask for (the oldest made first out). */
const SCHEMAS_KEPT = 64;

/**
 * Wrap a chat model as a model port. The port holds no conversation state between calls; it keeps the
 * structured-output runnable and value schema made for each set of fields it was asked for (building
 * the zod schemas and LangChain's JSON schema from them cost as much as the rest of the call's own work).
 */
export function chatModelPort(model: BaseChatModel, options: ChatModelPortOptions = {}): ModelPort {
  const made = new Map<string, { runnable: ReturnType<typeof structured>; values: ExtractionSchema }>();
  const structured = (request: ExtractRequest) =>
    model.withStructuredOutput(buildExtractionSchema(request), { name: EXTRACT_TOOL, includeRaw: true });
  const schemasFor = (request: ExtractRequest) => {
    const key = extractionKey(request);
    let known = made.get(key);
    if (!known) {
      if (made.size >= SCHEMAS_KEPT) made.delete(made.keys().next().value!);
      known = { runnable: structured(request), values: buildValueSchema(request) };
      made.set(key, known);
    }
    return known;
  };
  return {
    id: options.id ?? (model as { id?: unknown }).id?.toString() ?? model._llmType(),
    async extract(request: ExtractRequest): Promise<ExtractResult> {
      const prompt = buildExtractPrompt(request);
      const { runnable, values } = schemasFor(request);
      const out = await runnable.invoke([new SystemMessage(prompt.system), new HumanMessage(prompt.user)]);
      return readResult(values, out.raw, out.parsed);
    },
  };
}

const PROTO_KEY = "__proto__";

/** Turn the model's raw message and parsed output into an extraction, checked with `schema`. Pure. */
export function readResult(schema: ExtractionSchema, raw: BaseMessage, parsed: unknown): ExtractResult {
  const usage = readUsage(raw);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    const error = parsed === null || parsed === undefined ? "the model returned no structured values" : "the model's values are not an object";
    return { extraction: { ok: false, raw: rawText(raw, parsed), error }, usage };
  }
  const values: Record<string, unknown> = {};
  const dropped: Array<{ field: string; reason: string }> = [];
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    // An own `__proto__` key (JSON.parse makes one) would set the prototype of `values`, not a value:
    // no field can bear that name, so it is dropped here as the runtime drops any unknown field.
    if (key === PROTO_KEY) {
      dropped.push({ field: key, reason: "unknown field" });
      continue;
    }
    const type = ownValue(schema.shape, key);
    const check = type ? type.safeParse(value) : { success: true as const };
    if (check.success) values[key] = value;
    else dropped.push({ field: key, reason: `invalid: ${check.error.issues[0]?.message ?? "wrong type"}` });
  }
  return { ...splitExtras(schema, values), dropped, usage };
}

/** Move `reply`, `skill` and `intent` (when the schema offered them) out of the field values. */
function splitExtras(schema: ExtractionSchema, values: Record<string, unknown>): Pick<ExtractResult, "extraction" | "skill" | "intent"> {
  const fields = { ...values };
  const reply = REPLY_KEY in schema.shape ? take(fields, REPLY_KEY) : undefined;
  const skill = SKILL_KEY in schema.shape ? take(fields, SKILL_KEY) : undefined;
  const intent = INTENT_KEY in schema.shape ? take(fields, INTENT_KEY) : undefined;
  const extraction: Extraction = { ok: true, values: fields };
  if (typeof reply === "string" && reply.trim()) extraction.reply = reply;
  const result: Pick<ExtractResult, "extraction" | "skill" | "intent"> = { extraction };
  if (typeof skill === "string") result.skill = skill;
  if (intent === "switch" || intent === "cancel") result.intent = intent;
  return result;
}

function take(values: Record<string, unknown>, key: string): unknown {
  const value = values[key];
  delete values[key];
  return value;
}

/** Usage from the message's `usage_metadata` (zeros when the provider gave none). Pure. */
export function readUsage(raw: BaseMessage | undefined): ModelUsage {
  const meta = (raw as { usage_metadata?: { input_tokens?: number; output_tokens?: number; total_tokens?: number } })
    ?.usage_metadata;
  const inputTokens = meta?.input_tokens ?? 0;
  const outputTokens = meta?.output_tokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: meta?.total_tokens ?? inputTokens + outputTokens };
}

function rawText(raw: BaseMessage | undefined, parsed: unknown): string {
  if (parsed !== null && parsed !== undefined) return JSON.stringify(parsed);
  const content = raw?.content;
  if (typeof content === "string") return content;
  return content === undefined ? "" : JSON.stringify(content);
}
