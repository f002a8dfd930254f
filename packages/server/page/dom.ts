/** Small DOM helpers shared by the chat and the approver page. */
import { describeValue } from "../../core/src/expr/format-value.js";
import { formatCell } from "../../core/src/expr/format-words.js";

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

/**
 * A value as a person reads it, leaving nothing out: an object as its name with its other properties
 * (`Espresso machine (id: espresso, price: 189)`), yes/no, lists joined. The runtime's own wording
 * (`describeValue` in @skillflow/core), bundled from its one dependency-free file rather than the
 * whole package.
 */
export const words: (value: unknown) => string = describeValue;

/** A grid cell as a person reads it, short for a phone (`formatCell`: times as `17 Mar, 07:05`). */
export const cellWords: (value: unknown) => string = formatCell;

export interface CardWrite {
  tool: string;
  inputs: Record<string, unknown>;
  /** The write in words, and the inputs the words leave out (absent on a card stored before words). */
  words?: string;
  details?: Array<{ label: string; value: string }>;
}

/**
 * The writes a card runs, in order, in words: each write's sentence, then each input it leaves out with
 * its label, so every input is shown. The raw tool name stays only as the item's `data-tool` (for tests
 * and programs). A card stored before cards had words shows the tool and its inputs.
 */
export function writesList(writes: CardWrite[]): HTMLOListElement {
  const list = el("ol", { class: "writes" });
  for (const write of writes) {
    const item = el("li", { "data-tool": write.tool }, el("span", { class: "words" }, write.words ?? write.tool));
    const details = write.details ?? Object.entries(write.inputs).map(([label, v]) => ({ label, value: words(v) }));
    if (details.length) item.append(el("ul", { class: "details" }, ...details.map((d) => el("li", {}, `${d.label}: ${d.value}`))));
    list.append(item);
  }
  return list;
}
