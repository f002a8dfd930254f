/** Small DOM helpers shared by the chat and the approver page. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

export function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/** A value as a person reads it: text as is, anything else as JSON. */
export function shown(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export interface CardWrite {
  tool: string;
  inputs: Record<string, unknown>;
}

/** The writes a card runs, in order, each with its exact inputs. */
export function writesList(writes: CardWrite[]): HTMLOListElement {
  const list = el("ol", { class: "writes" });
  for (const write of writes) {
    const inputs = Object.entries(write.inputs).map(([k, v]) => `${k}: ${shown(v)}`).join(", ");
    list.append(el("li", {}, el("code", {}, write.tool), " ", el("span", { class: "inputs" }, inputs)));
  }
  return list;
}
