/**
 * What a `Command({ resume })` sent to a hosted skill's interrupt means: the person's answer as one of
 * the runtime's typed events, or a refusal that changes nothing. The forms:
 *
 * - `"text"` or `{ text }`: free text, understood by the model as a chat message would be;
 * - `{ pick: { field: value } }`: a row or choice picked (applied as typed, never through the model);
 * - `{ press: confirm, card: digest, yes? }`: a confirm button, for the card of that digest — a press
 *   without the digest is refused, and one for a card that changed runs nothing (the runtime's binding);
 * - `{ approve: confirm, by: role, request, yes?, token }`: an approval, counted only with the token the
 *   approver's backend signed for that request, role and answer (`approval-token.ts`).
 *
 * Pure.
 */
import { FlowInputError, toFlowEvent, type FlowInput, type HostEvent } from "../to-flow-event.js";
import { verifyApproval } from "./approval-token.js";

/** Said when a resume is not one of the forms. */
export const NOT_A_RESUME =
  "That answer was not understood: resume with text, { pick: { field: value } }, { press: confirm, card: digest } or, from an approver, a signed approval.";
/** Said when a press does not name the card it answers. */
export const PRESS_WITHOUT_CARD = "A press names the card it answers ({ press, card: digest }); nothing was done.";
/** Said when an approval comes without a valid approver's token. */
export const UNVERIFIED_APPROVAL = "Approvals come from a verified approver, not from the chat; nothing was done.";

export type ReadResume = { event: HostEvent } | { refuse: string };

/** Read `resume` (the value a client resumed the interrupt with). */
export function readResume(resume: unknown, deploymentKey: Uint8Array): ReadResume {
  if (typeof resume === "string") return resume.trim() ? { event: { type: "text", text: resume } } : { refuse: NOT_A_RESUME };
  if (!isRecord(resume)) return { refuse: NOT_A_RESUME };
  if (typeof resume.press === "string" && typeof resume.card !== "string") return { refuse: PRESS_WITHOUT_CARD };
  if (resume.approve !== undefined) {
    const claim = { request: String(resume.request ?? ""), role: String(resume.by ?? ""), yes: resume.yes !== false };
    if (typeof resume.request !== "string" || !verifyApproval(deploymentKey, claim, resume.token)) return { refuse: UNVERIFIED_APPROVAL };
  }
  if (resume.preset !== undefined || resume.open !== undefined) return { refuse: NOT_A_RESUME };
  try {
    return { event: toFlowEvent(pickFields(resume) as FlowInput) };
  } catch (error) {
    if (error instanceof FlowInputError) return { refuse: NOT_A_RESUME };
    throw error;
  }
}

/** Only the keys of the event forms (a token is the platform's, not the runtime's). Pure. */
function pickFields(resume: Record<string, unknown>): Record<string, unknown> {
  const { token: _token, ...rest } = resume;
  return rest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
