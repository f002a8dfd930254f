/**
 * The model request for one free-text message to one skill, from the runtime's view of the flow
 * (`understandingContext`: the model-settable fields in scope, the pending question, the chat
 * instructions passed on the current path). `null` when the message must not reach the model: a secret
 * is the pending question. Pure (the runtime replays a copy of the state; no tool runs).
 */
import { understandingContext, type FlowState, type Skill, type StepOptions } from "@skillflow/core";
import type { ExtractRequest } from "./model-port.js";

export function buildSkillRequest(skill: Skill, flow: FlowState, text: string, runtime?: StepOptions): ExtractRequest | null {
  if (flow.pending?.kind === "ask" && flow.pending.secret) return null;
  const context = understandingContext(skill, flow, runtime);
  if (context.secretPending) return null;
  const request: ExtractRequest = {
    skill: { name: skill.name, description: skill.description },
    fields: context.fields,
    text,
  };
  // The pending question is context only when the model may answer it (not for a pick).
  if (context.pending && context.fields.some((f) => f.name === context.pending!.field)) request.pending = context.pending;
  if (context.chat) request.chat = context.chat;
  return request;
}
