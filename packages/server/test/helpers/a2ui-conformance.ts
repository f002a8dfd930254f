/**
 * Checks A2UI messages with the reference implementation's own schemas (`@a2ui/web_core` v0.9): each
 * message against `A2uiMessageSchema`, each component against its basic-catalog API (strict: an unknown
 * property is a problem), and the tree: one `root`, unique ids, every child and button label defined.
 * Returns the problems found, as sentences (none: conforms).
 */
import { A2uiMessageSchema } from "@a2ui/web_core/v0_9";
import { basicCatalog } from "@a2ui/web_core/v0_9/basic_catalog";

type Component = { id: string; component: string; [key: string]: unknown };

export function a2uiProblems(messages: unknown[]): string[] {
  const problems: string[] = [];
  const components: Component[] = [];
  for (const message of messages) {
    const parsed = A2uiMessageSchema.safeParse(message);
    if (!parsed.success) problems.push(`message ${JSON.stringify(message).slice(0, 80)}: ${parsed.error.issues[0]?.message}`);
    const update = (message as { updateComponents?: { components: Component[] } }).updateComponents;
    if (update) components.push(...update.components);
  }
  const ids = new Set<string>();
  for (const c of components) {
    if (ids.has(c.id)) problems.push(`component id ${c.id} is used twice`);
    ids.add(c.id);
    const api = basicCatalog.components.get(c.component);
    if (!api) { problems.push(`${c.id}: ${c.component} is not in the basic catalog`); continue; }
    const { id: _id, component: _component, ...props } = c;
    const parsed = (api.schema as any).strict().safeParse(props);
    if (!parsed.success) problems.push(`${c.id} (${c.component}): ${parsed.error.issues.map((i: any) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  if (components.length && !ids.has("root")) problems.push("no component has the id root");
  for (const c of components) {
    const refs = [...(Array.isArray(c.children) ? c.children : []), ...(typeof c.child === "string" ? [c.child] : [])] as string[];
    for (const ref of refs) if (!ids.has(ref)) problems.push(`${c.id} refers to ${ref}, which is not defined`);
  }
  return problems;
}
