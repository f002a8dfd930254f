/**
 * An A2UI action coming back — `forwardedProps.a2uiAction.userAction` of a `RunAgentInput`, where
 * `@ag-ui/a2ui-middleware` and CopilotKit put the v0.9 `action` a renderer dispatched — as the `resume`
 * entry the AG-UI path already takes, so it meets exactly the same checks (the interrupt open, the field
 * asked, the row offered) and becomes the same typed event: a pick, a press, an answer; never text,
 * never the model. A press must carry the digest of the card it was drawn from and it must be the open
 * card's: a stale or missing digest is refused here, with one sentence, and nothing is written (the
 * runtime checks the digest against the card as rendered now once more). Pure.
 */
import type { ResumeEntry, RunAgentInput } from "@ag-ui/core";
import type { OpenInterrupt } from "../store/serve-types.js";
import { A2UI_ACTION } from "./a2ui-components.js";

export type WithAction = { ok: true; input: RunAgentInput } | { ok: false; code: string; message: string };

/** `input` with its A2UI action, if any, as a resolved resume entry (a cancelled entry for the same interrupt dropped). */
export function withA2uiAction(input: RunAgentInput, open: OpenInterrupt | null): WithAction {
  const props = input.forwardedProps as { a2uiAction?: { userAction?: unknown } } | undefined;
  if (!isRecord(props) || props.a2uiAction === undefined) return { ok: true, input };
  const entry = resumeOf(props.a2uiAction?.userAction, open);
  if ("code" in entry) return { ok: false, ...entry };
  const others = (input.resume ?? []).filter((r) => !(r.interruptId === entry.interruptId && r.status === "cancelled"));
  return { ok: true, input: { ...input, resume: [...others, entry] } };
}

type Refusal = { code: string; message: string };

function resumeOf(action: unknown, open: OpenInterrupt | null): ResumeEntry | Refusal {
  const names = Object.values(A2UI_ACTION) as string[];
  if (!isRecord(action) || typeof action.name !== "string" || !names.includes(action.name) || !isRecord(action.context)) {
    return { code: "bad_payload", message: `forwardedProps.a2uiAction.userAction must be an action of this server's surfaces (${names.join(", ")}) with its context.` };
  }
  const context = action.context;
  if (typeof context.interruptId !== "string") {
    return { code: "interrupt_not_open", message: "That widget no longer waits for an answer (its action names no open interrupt); nothing was changed. Start a run without it to see where the conversation stands." };
  }
  const interruptId = context.interruptId;
  if (action.name === A2UI_ACTION.press) {
    const stale = pressRefusal(context.digest, open, interruptId);
    if (stale) return stale;
    return { interruptId, status: "resolved", payload: { yes: context.yes } };
  }
  // A card is answered by its own buttons only: an answer shaped as `{ yes }` would skip the digest.
  if (open?.id === interruptId && open.kind === "confirm") {
    return { code: "bad_payload", message: `The card "${open.confirm}" is answered with its buttons (${A2UI_ACTION.press}, carrying the card's digest); nothing was written.` };
  }
  if (typeof context.field !== "string") return { code: "bad_payload", message: `The action ${action.name} must name the field it answers (context.field).` };
  return { interruptId, status: "resolved", payload: { [context.field]: context.value } };
}

/** Why a press for `interruptId` with `digest` may not go on, if it may not. */
function pressRefusal(digest: unknown, open: OpenInterrupt | null, interruptId: string): Refusal | undefined {
  // Another interrupt (or none) open: left to the run's plan, which says which one is open.
  if (!open || open.id !== interruptId || open.kind !== "confirm") return undefined;
  if (typeof digest !== "string" || digest === "") {
    return { code: "stale_card", message: `A press of the card "${open.confirm}" must carry the digest of the card it was drawn from (context.digest); nothing was written.` };
  }
  if (digest !== open.card) {
    return { code: "stale_card", message: `The card "${open.confirm}" pressed is not the card open now (its digest differs): nothing was written. Look at the card again and press it there.` };
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
