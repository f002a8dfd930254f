/**
 * The model port: the only door between the runtime and a chat model. One call per free-text message;
 * its output is field values (validated by the runtime afterwards), optionally a free reply for a
 * `chat` step, optionally the chosen skill when several are hosted. Nothing else.
 */
import type { Extraction, FieldInScope } from "@skillflow/core";

/** A field the model may fill on this turn (never secrets, picks or confirmations): core's own type. */
export type { FieldInScope };

export interface ExtractRequest {
  /**
   * The skill in progress. In a flow hosting several skills, its name is empty when no skill is in
   * progress (the first message, or after a cancel): then `fields` is empty and `skills` says what to pick.
   */
  skill: { name: string; description: string };
  fields: FieldInScope[];
  /** The question the flow is waiting on, if any. */
  pending?: { field: string; question: string };
  /** The person's message. */
  text: string;
  /** Present when a `chat` step was passed on the current path: the model may also answer freely. */
  chat?: { instructions: string };
  /**
   * Present when the flow hosts several skills: every hosted skill, so the message may start, switch
   * to or cancel one (`ExtractResult.skill`, `ExtractResult.intent`). The skills the message is likely
   * about (`routing/choose-described-skills.ts`) carry the model-settable `fields` they would take now,
   * so the values in a message that starts or switches are not lost; the others are `menu` skills,
   * named in one line: the message may still name one in `skill`, which then asks for its fields.
   */
  skills?: HostedSkillInfo[];
  /**
   * Present when several skills are hosted: asks whether a skill's `lookup:` field's tool knows a value
   * (the read-only lookup runs with the value as its one input; a tool that needs other inputs is not
   * asked). Rule-based extractors route by it (the offline one: "Lisbon AI Summit" is a conference the
   * trip skill's lookup knows); a model port may ignore it. Never sent to a model.
   */
  knows?: KnowsValue;
  /**
   * Present when several skills are hosted: the fields a `menu` skill would take now, worked out only
   * when asked. Rule-based extractors weigh them to choose a skill by the values a message holds ("I need
   * to get to the Lisbon AI Summit" shares no word with any description); a model port may ignore it.
   * Never sent to a model, never in the prompt or the schema.
   */
  menuFields?: MenuFields;
}

/** Whether `skill`'s lookup field `field` knows `value` (its lookup answers `known: true`). */
export type KnowsValue = (skill: string, field: string, value: string) => Promise<boolean>;

/** The model-settable fields the hosted skill `skill` would take now (none for one not hosted). */
export type MenuFields = (skill: string) => FieldInScope[];

/**
 * A skill offered for routing: its name, its description, and (when it is described in full and not in
 * progress) its fields; `menu` when it is only named in one line, without fields.
 */
export interface HostedSkillInfo {
  name: string;
  description: string;
  fields?: FieldInScope[];
  menu?: boolean;
}

/**
 * What the message does to the skill in progress, when several are hosted: `switch` leaves it on hold
 * for `skill` (or for a choice still to make), `cancel` drops it. Absent: the message is about it.
 */
export type SkillIntent = "switch" | "cancel";

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface ExtractResult {
  extraction: Extraction;
  /** The skill the model chose, when `skills` was offered. */
  skill?: string;
  /** Switch or cancel, when `skills` was offered and the message says so. */
  intent?: SkillIntent;
  /** Values the port itself dropped (the wrong type for the field); the host records them in the trace. */
  dropped?: Array<{ field: string; reason: string }>;
  usage: ModelUsage;
}

export interface ModelPort {
  /** Provider and model name for display (`gemini:gemini-2.5-flash`, `offline`, `scripted`). */
  readonly id: string;
  extract(request: ExtractRequest): Promise<ExtractResult>;
}
