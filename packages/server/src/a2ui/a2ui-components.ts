/**
 * The A2UI v0.9 vocabulary this server speaks: the three server-to-client messages it sends
 * (`createSurface`, `updateComponents`, `updateDataModel`), the basic catalog's components it uses
 * (Card, Column, Row, Text, Button, TextField, DateTimeInput, ChoicePicker), and the names of the
 * actions its buttons dispatch. Components are flat (children by id), as v0.9 requires. Pure.
 *
 * v0.9 is what the reference renderers (`@a2ui/lit` `v0_9`, `@a2ui/react`) and `@ag-ui/a2ui-middleware`
 * render today; v0.9.1 keeps `"version": "v0.9"` on the wire.
 */

export const A2UI_VERSION = "v0.9";
/** The v0.9 basic catalog, as `@a2ui/lit`'s `basicCatalog` names it. */
export const BASIC_CATALOG = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
/** The AG-UI activity type that carries A2UI messages (as `@ag-ui/a2ui-middleware` emits them). */
export const A2UI_ACTIVITY = "a2ui-surface";
/** The activity content key holding the messages (`@ag-ui/a2ui-middleware`'s `A2UI_OPERATIONS_KEY`). */
export const A2UI_OPERATIONS = "a2ui_operations";

/** The actions this server's surfaces dispatch: a row picked, a card pressed, a field answered. */
export const A2UI_ACTION = {
  pick: "skillflow.pick",
  press: "skillflow.press",
  answer: "skillflow.answer",
} as const;

export interface A2uiComponent {
  id: string;
  component: string;
  [property: string]: unknown;
}

export type A2uiMessage =
  | { version: typeof A2UI_VERSION; deleteSurface: { surfaceId: string } }
  | { version: typeof A2UI_VERSION; createSurface: { surfaceId: string; catalogId: string } }
  | { version: typeof A2UI_VERSION; updateComponents: { surfaceId: string; components: A2uiComponent[] } }
  | { version: typeof A2UI_VERSION; updateDataModel: { surfaceId: string; path: string; value: unknown } };

/** `{ interruptId }` for an action's context, when the widget is the one the run ends waiting on. */
export function interrupt(content: { interruptId?: string }): { interruptId?: string } {
  return content.interruptId ? { interruptId: content.interruptId } : {};
}

/** A value bound to the surface's data model (a JSON Pointer). */
export interface Binding {
  path: string;
}

/**
 * The messages that draw one surface: delete any surface of that id, create it, give its components
 * (root first), set its data. A turn shown again sends its surfaces with the same ids, and a renderer
 * refuses a second `createSurface` of a surface it has (`@a2ui/web_core`: "already exists"); deleting
 * first makes the activity a replacement, as AG-UI's `replace: true`, and is nothing to a client that
 * has no such surface.
 */
export function surface(surfaceId: string, components: A2uiComponent[], data: Record<string, unknown> = {}): A2uiMessage[] {
  return [
    { version: A2UI_VERSION, deleteSurface: { surfaceId } },
    { version: A2UI_VERSION, createSurface: { surfaceId, catalogId: BASIC_CATALOG } },
    { version: A2UI_VERSION, updateComponents: { surfaceId, components } },
    { version: A2UI_VERSION, updateDataModel: { surfaceId, path: "/", value: data } },
  ];
}

export function text(id: string, words: string, variant?: "h4" | "h5" | "caption" | "body"): A2uiComponent {
  return { id, component: "Text", text: words, ...(variant && { variant }) };
}

export function column(id: string, children: string[]): A2uiComponent {
  return { id, component: "Column", children };
}

export function row(id: string, children: string[]): A2uiComponent {
  return { id, component: "Row", children, align: "center" };
}

export function card(id: string, child: string): A2uiComponent {
  return { id, component: "Card", child };
}

/**
 * A button and its label (a Button's `child` is a Text). `context` holds literals or data bindings,
 * resolved by the renderer into the action it sends back.
 */
export function button(
  id: string, label: string, name: string, context: Record<string, unknown>,
  options: { primary?: boolean; describedAs?: string } = {},
): A2uiComponent[] {
  const shown: A2uiComponent = {
    id, component: "Button", child: `${id}.label`, action: { event: { name, context } },
    ...(options.primary && { variant: "primary" }),
    ...(options.describedAs && { accessibility: { label: options.describedAs } }),
  };
  return [shown, text(`${id}.label`, label)];
}
