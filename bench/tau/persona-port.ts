/**
 * The offline extractor: a real `chatModelPort` over a scripted chat model whose reply, on each call,
 * is worked out from the call's own request (the fields in scope, the skills offered) and the person's
 * data (answer-fields.ts) just before the prompt is built. So every prompt is the one a provider model
 * would get, and is counted with the same tokenizer as bench/cost (cl100k_base over
 * bench/cost/serialize-prompt.mjs). A hand-written script queues its replies instead.
 */
import { chatModelPort, ScriptedChatModel, type ExtractRequest, type ExtractResult, type ModelPort } from "@skillflow/langgraph";
// @ts-ignore: a JavaScript module of bench/cost, shared so both benches count alike.
import { countPromptTokens } from "../cost/serialize-prompt.mjs";

/** The scripted model, keeping the token count of each prompt as sent. */
export class MeteredScriptedModel extends ScriptedChatModel {
  readonly sent: number[] = [];

  override async _generate(...args: Parameters<ScriptedChatModel["_generate"]>) {
    const [messages, options] = args;
    this.sent.push(countPromptTokens(messages, (options as { tools?: unknown[] }).tools) as number);
    return super._generate(...args);
  }
}

/** Model calls and input tokens of a metered model so far, with each call's tokens. */
export function meter(model: MeteredScriptedModel): { calls: number; tokens: number; perCall: number[] } {
  return { calls: model.sent.length, tokens: model.sent.reduce((a, b) => a + b, 0), perCall: [...model.sent] };
}

/** A port whose replies come from `answer(request)`; `answer` may be swapped between turns. */
export class PersonaPort implements ModelPort {
  readonly id = "scripted-person";
  readonly model = new MeteredScriptedModel([], { strict: true });
  private readonly port = chatModelPort(this.model, { id: this.id });

  constructor(public answer: (request: ExtractRequest) => Record<string, unknown>) {}

  async extract(request: ExtractRequest): Promise<ExtractResult> {
    this.model.script(this.answer(request));
    return this.port.extract(request);
  }
}
