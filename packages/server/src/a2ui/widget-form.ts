/**
 * Which form a client wants its widgets in, chosen per run: `forwardedProps.skillflow.ui` is `"a2ui"`
 * (each widget as an A2UI surface, widget-surface.ts) or `"agui"` (the `skillflow.*` activities; the
 * default when it is absent). Anything else is refused with one sentence before the run starts. Pure.
 */
import type { RunAgentInput } from "@ag-ui/core";

export type WidgetForm = "agui" | "a2ui";

const FORMS: readonly WidgetForm[] = ["agui", "a2ui"];

export function widgetFormOf(input: RunAgentInput): { ok: true; form: WidgetForm } | { ok: false; message: string } {
  const props = input.forwardedProps as { skillflow?: { ui?: unknown } } | undefined;
  const ui = props?.skillflow?.ui;
  if (ui === undefined) return { ok: true, form: "agui" };
  if (typeof ui === "string" && (FORMS as readonly string[]).includes(ui)) return { ok: true, form: ui as WidgetForm };
  return { ok: false, message: `forwardedProps.skillflow.ui is "agui" or "a2ui", not ${JSON.stringify(ui)}.` };
}
