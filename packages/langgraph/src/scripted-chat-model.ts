/**
 * A scripted chat model for proofs and tests: a real `BaseChatModel`, so it goes through the same
 * `withStructuredOutput` path as a provider model. Each call takes the next scripted reply from a queue:
 * a structured value becomes a tool call to the bound tool (`extract` by default), a string becomes plain
 * content (malformed or not). Every prompt is recorded. A call with nothing scripted is counted in
 * `unscripted` and answered with an empty tool call (or throws when `strict`); replies left in the queue
 * are visible through `pending` and `takeUnused()`.
 */
import { BaseChatModel, type BaseChatModelCallOptions } from "@langchain/core/language_models/chat_models";
import { AIMessageChunk, type BaseMessage, type StandardMessageStructure } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { BindToolsInput } from "@langchain/core/language_models/chat_models";
import type { Runnable } from "@langchain/core/runnables";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";

/** A structured value (sent as the bound tool's arguments) or a raw string (sent as plain content). */
export type ScriptedReply = Record<string, unknown> | string;

export interface RecordedPrompt {
  messages: Array<{ role: string; content: string }>;
  /** Names of the tools bound for this call (`extract` for structured output). */
  tools: string[];
  /** The reply given, or `undefined` when the call was not scripted. */
  reply?: ScriptedReply | undefined;
}

export interface ScriptedChatModelOptions {
  /** Throw on a call with nothing scripted instead of answering with an empty tool call. */
  strict?: boolean | undefined;
  /** Model id shown by the port (`scripted`). */
  id?: string | undefined;
}

interface ScriptedCallOptions extends BaseChatModelCallOptions {
  tools?: unknown[];
}

/** Rough token count for usage figures: 4 characters a token, deterministic. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export class ScriptedChatModel extends BaseChatModel<ScriptedCallOptions> {
  readonly prompts: RecordedPrompt[] = [];
  /** Calls made with no scripted reply left. */
  unscripted = 0;
  readonly strict: boolean;
  readonly id: string;
  private readonly queue: ScriptedReply[];

  constructor(replies: ScriptedReply[] = [], options: ScriptedChatModelOptions = {}) {
    super({});
    this.queue = [...replies];
    this.strict = options.strict ?? false;
    this.id = options.id ?? "scripted";
  }

  _llmType(): string {
    return "scripted";
  }

  /** Append replies to the queue. */
  script(...replies: ScriptedReply[]): void {
    this.queue.push(...replies);
  }

  /** Scripted replies not used yet. */
  get pending(): number {
    return this.queue.length;
  }

  /** Remove and return the scripted replies not used yet. */
  takeUnused(): ScriptedReply[] {
    return this.queue.splice(0, this.queue.length);
  }

  override bindTools(tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk, ScriptedCallOptions> {
    return this.withConfig({ tools } as Partial<ScriptedCallOptions>);
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const tools = toolNames(options.tools);
    const recorded: RecordedPrompt = { messages: messages.map(describeMessage), tools };
    this.prompts.push(recorded);
    const reply = this.queue.shift();
    if (reply === undefined) {
      this.unscripted += 1;
      if (this.strict) throw new Error("The scripted model was called with no reply scripted.");
    }
    recorded.reply = reply;
    const message = buildReply(reply ?? {}, tools[0] ?? "extract", recorded.messages, this.prompts.length);
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}

function buildReply(
  reply: ScriptedReply,
  toolName: string,
  prompt: RecordedPrompt["messages"],
  n: number,
): AIMessageChunk {
  const input = estimateTokens(prompt.map((m) => m.content).join("\n"));
  const text = typeof reply === "string" ? reply : JSON.stringify(reply);
  const output = estimateTokens(text);
  const usage_metadata = { input_tokens: input, output_tokens: output, total_tokens: input + output };
  // The standard structure types `usage_metadata` (the default one leaves it `undefined` under exact optional types).
  if (typeof reply === "string") return new AIMessageChunk<StandardMessageStructure>({ content: reply, usage_metadata });
  const tool_calls = [{ name: toolName, args: reply, id: `scripted-${n}`, type: "tool_call" as const }];
  return new AIMessageChunk<StandardMessageStructure>({ content: "", tool_calls, usage_metadata });
}

function describeMessage(message: BaseMessage): { role: string; content: string } {
  const content = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
  return { role: message.getType(), content };
}

function toolNames(tools: unknown[] | undefined): string[] {
  return (tools ?? []).map((tool) => {
    const t = tool as { name?: string; function?: { name?: string } };
    return t.function?.name ?? t.name ?? "tool";
  });
}
