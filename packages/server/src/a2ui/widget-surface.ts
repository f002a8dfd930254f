/**
 * One widget, as the AG-UI path already models it (an activity type and its content, turn-events.ts),
 * drawn as A2UI v0.9 messages: the translation reads the same content the `skillflow.*` activities
 * carry, so both forms show the same rows, writes and digests. The surface id is the activity's
 * message id (`TURN.aN`), stable for a turn shown again; a widget shown anew (a grid back after a
 * refused pick) is a new surface with the same component ids. Pure.
 */
import { EventType, type BaseEvent } from "@ag-ui/core";
import { A2UI_ACTIVITY, A2UI_OPERATIONS, type A2uiMessage } from "./a2ui-components.js";
import { approvalSurface, cardSurface, type ApprovalContent, type CardContent } from "./card-surface.js";
import { formSurface, type FormContent } from "./form-surface.js";
import { gridSurface, type GridContent } from "./grid-surface.js";

/** The A2UI messages for the widget `type` (`skillflow.grid`, …) with `content`, on surface `surfaceId`. */
export function widgetSurface(surfaceId: string, type: string, content: Record<string, unknown>): A2uiMessage[] {
  switch (type) {
    case "skillflow.grid": return gridSurface(surfaceId, content as unknown as GridContent);
    case "skillflow.card": return cardSurface(surfaceId, content as unknown as CardContent, false);
    case "skillflow.checkout": return cardSurface(surfaceId, content as unknown as CardContent, true);
    case "skillflow.form": return formSurface(surfaceId, content as unknown as FormContent);
    case "skillflow.approval": return approvalSurface(surfaceId, content as unknown as ApprovalContent);
    default: throw new Error(`No A2UI surface for the activity type ${type}.`);
  }
}

/**
 * The AG-UI event carrying the widget as A2UI: an `ACTIVITY_SNAPSHOT` of type `a2ui-surface` whose
 * content is `{ a2ui_operations: [...] }`, the shape `@ag-ui/a2ui-middleware` emits and CopilotKit's
 * A2UI renderer draws.
 */
export function a2uiActivity(messageId: string, type: string, content: Record<string, unknown>): BaseEvent {
  const operations = { [A2UI_OPERATIONS]: widgetSurface(messageId, type, content) };
  return { type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: A2UI_ACTIVITY, content: operations, replace: true } as BaseEvent;
}
