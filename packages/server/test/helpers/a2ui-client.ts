/**
 * What an A2UI client does with this server, for tests: read the `a2ui-surface` activities a run
 * streamed, find a component, and send back the action a renderer dispatches for a click — the
 * button's `action.event` with every data binding read from the surface's data model (as
 * `@a2ui/web_core` resolves it) — in `forwardedProps.a2uiAction.userAction`, the open interrupt
 * cancelled (HttpAgent wants every open interrupt answered; the action answers it).
 */
import type { AguiDriver, RunOutput } from "./agui-driver.js";

export type Ops = Array<Record<string, any>>;

/** The A2UI messages of each `a2ui-surface` activity of `run`, in order. */
export function surfacesOf(run: RunOutput): Ops[] {
  return run.activities.filter((a) => a.activityType === "a2ui-surface").map((a) => a.content.a2ui_operations as Ops);
}

export function componentsOf(ops: Ops): Array<Record<string, any>> {
  return ops.find((m) => m.updateComponents)!.updateComponents.components;
}

export function componentOf(ops: Ops, id: string): Record<string, any> {
  const found = componentsOf(ops).find((c) => c.id === id);
  if (!found) throw new Error(`no component ${id} on the surface`);
  return found;
}

export function surfaceIdOf(ops: Ops): string {
  return ops.find((m) => m.createSurface)!.createSurface.surfaceId;
}

/** The action a renderer sends for a click on `buttonId`, with `data` as the surface's data model. */
export function clickOf(ops: Ops, buttonId: string, data: Record<string, unknown> = {}): Record<string, unknown> {
  const event = componentOf(ops, buttonId).action.event as { name: string; context: Record<string, unknown> };
  const context = Object.fromEntries(Object.entries(event.context).map(([key, value]) => [key, isBinding(value) ? data[value.path.slice(1)] : value]));
  return { name: event.name, surfaceId: surfaceIdOf(ops), sourceComponentId: buttonId, timestamp: new Date().toISOString(), context };
}

/** Send `userAction` as an A2UI client does. */
export function act(chat: AguiDriver, userAction: Record<string, unknown>): Promise<RunOutput> {
  const resume = chat.agent.pendingInterrupts.map((i) => ({ interruptId: i.id, status: "cancelled" as const }));
  return chat.run({ resume, forwardedProps: { a2uiAction: { userAction } } });
}

function isBinding(value: unknown): value is { path: string } {
  return typeof value === "object" && value !== null && typeof (value as { path?: unknown }).path === "string";
}
