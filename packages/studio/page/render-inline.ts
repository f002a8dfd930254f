/** Text for people as DOM: the procedure's inline text (words and code) and hover Markdown (a small subset). */
import { el } from "../../server/page/dom.js";
import type { Inline } from "./api.js";

export function inlineNodes(text: Inline): Array<Node | string> {
  return text.map((part) => (typeof part === "string" ? part : el("code", {}, part.code)));
}

/** Paragraphs split on blank lines; `code` and **bold** inside them. Everything else is text. */
export function markdownNodes(markdown: string): HTMLElement[] {
  return markdown.split(/\n{2,}/).map((paragraph) => {
    const p = el("p");
    for (const piece of paragraph.split(/(`[^`]+`|\*\*[^*]+\*\*)/)) {
      if (piece.startsWith("`") && piece.endsWith("`") && piece.length > 1) p.append(el("code", {}, piece.slice(1, -1)));
      else if (piece.startsWith("**") && piece.endsWith("**") && piece.length > 3) p.append(el("strong", {}, ...markdownInline(piece.slice(2, -2))));
      else if (piece) p.append(piece);
    }
    return p;
  });
}

function markdownInline(text: string): Array<Node | string> {
  return text.split(/(`[^`]+`)/).filter(Boolean).map((piece) => (piece.startsWith("`") ? el("code", {}, piece.slice(1, -1)) : piece));
}
