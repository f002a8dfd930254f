/**
 * The input tokens of a flow's model calls, by part, measured without a model: a flow hosting the given
 * skills is sent an opening message (no skill in progress) and then a second one (the skill the opening
 * chose is in progress, at its first question). Each call goes through the real `chatModelPort` over a
 * scripted chat model that records what it is sent; each call is counted with bench:cost's tokenizer and
 * serialization (cl100k_base over `bench/cost/serialize-prompt.mjs`), in total and by part:
 * instructions, fields, routing menu (the system text's lines, `extractPromptParts`), schema (the
 * `extract` tool) and message.
 */
import { chatModelPort, createFlow, ScriptedChatModel, type ExtractRequest, type ExtractResult, type FlowSkillSource, type FlowTool, type ModelPort } from "@skillflow/langgraph";
import { countTokens, extractPromptParts } from "@skillflow/langgraph/models";
// @ts-ignore: a JavaScript module of bench/cost, shared so the benches count alike.
import { countPromptTokens } from "../cost/serialize-prompt.mjs";

export const PARTS = ["instructions", "fields", "menu", "schema", "message"] as const;
export type Part = (typeof PARTS)[number];

export interface MeasuredCall {
  /** `opening` (no skill in progress) or `in progress`. */
  kind: string;
  total: number;
  parts: Record<Part, number>;
  /** Skills described in full (besides the one in progress). */
  full: string[];
  request: ExtractRequest;
}

/** Records what each call is sent: its token count, its schema's, and the request it was built from. */
class RecordingModel extends ScriptedChatModel {
  readonly calls: Array<{ total: number; schema: number }> = [];

  override async _generate(...args: Parameters<ScriptedChatModel["_generate"]>) {
    const [messages, options] = args;
    const tools = (options as { tools?: unknown[] }).tools ?? [];
    this.calls.push({ total: countPromptTokens(messages, tools) as number, schema: countPromptTokens([], tools) as number });
    return super._generate(...args);
  }
}

class RecordingPort implements ModelPort {
  readonly id = "recording";
  readonly model = new RecordingModel([], { strict: true });
  readonly requests: ExtractRequest[] = [];
  private readonly port = chatModelPort(this.model, { id: this.id });

  constructor(private readonly answer: (request: ExtractRequest) => Record<string, unknown>) {}

  async extract(request: ExtractRequest): Promise<ExtractResult> {
    this.requests.push(request);
    this.model.script(this.answer(request));
    return this.port.extract(request);
  }
}

export interface CallsToMeasure {
  skills: FlowSkillSource[];
  tools?: Record<string, FlowTool> | FlowTool[];
  /** The opening message and the skill it is about (the model's answer names it). */
  opening: { text: string; skill: string };
  /** The message sent with that skill in progress. */
  next: string;
}

/** Send both messages; the two calls measured. */
export async function measureCalls(spec: CallsToMeasure): Promise<MeasuredCall[]> {
  const port = new RecordingPort((request) => (request.skills && !request.skill.name ? { skill: spec.opening.skill } : {}));
  const flow = await createFlow({ skills: spec.skills, ...(spec.tools ? { tools: spec.tools } : {}), model: port });
  await flow.send("bench-route", { text: spec.opening.text });
  await flow.send("bench-route", { text: spec.next });
  return port.requests.map((request, i) => {
    const sent = port.model.calls[i]!;
    const text = extractPromptParts(request);
    const parts = {
      instructions: countTokens(`system: ${text.instructions}`), fields: countTokens(text.fields), menu: countTokens(text.menu),
      schema: sent.schema, message: countTokens(`human: ${request.text}`),
    };
    const full = (request.skills ?? []).filter((s) => s.name !== request.skill.name && !s.menu).map((s) => s.name);
    return { kind: request.skill.name ? "in progress" : "opening", total: sent.total, parts, full, request };
  });
}
