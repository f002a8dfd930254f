/**
 * The skill's prose (Markdown) as HTML for the self-contained page. Every text is escaped; raw HTML in
 * the prose is shown as text, never passed through; links keep only http(s) and mailto addresses. Pure.
 */
import { parseProse, type MdNode } from "./prepare-prose.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escape text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const BLOCK: Record<string, string> = { paragraph: "p", blockquote: "blockquote", listItem: "li" };
const INLINE: Record<string, string> = { emphasis: "em", strong: "strong", delete: "del" };

function safeUrl(url: string | undefined): string | undefined {
  return url && /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : undefined;
}

function children(node: MdNode): string {
  return (node.children ?? []).map(renderNode).join("");
}

function renderNode(node: MdNode): string {
  const tag = BLOCK[node.type] ?? INLINE[node.type];
  if (tag) return `<${tag}>${children(node)}</${tag}>${BLOCK[node.type] ? "\n" : ""}`;
  switch (node.type) {
    case "heading": {
      const depth = Math.min(6, Math.max(3, node.depth ?? 3));
      return `<h${depth}>${children(node)}</h${depth}>\n`;
    }
    case "list": {
      const tag = node.ordered ? "ol" : "ul";
      const start = node.ordered && node.start != null && node.start !== 1 ? ` start="${node.start}"` : "";
      return `<${tag}${start}>\n${children(node)}</${tag}>\n`;
    }
    case "text": case "html": return escapeHtml(node.value ?? "");
    case "inlineCode": return `<code>${escapeHtml(node.value ?? "")}</code>`;
    case "code": return `<pre><code>${escapeHtml(node.value ?? "")}</code></pre>\n`;
    case "break": return "<br>\n";
    case "thematicBreak": return "<hr>\n";
    case "link": {
      const href = safeUrl(node.url);
      return href ? `<a href="${escapeHtml(href)}">${children(node)}</a>` : children(node);
    }
    case "image": return escapeHtml(node.alt ?? "");
    default: return node.children ? children(node) : escapeHtml(node.value ?? "");
  }
}

/** The prose as HTML blocks; expects headings already moved down by `demoteHeadings` (h3 and below). */
export function renderProseHtml(prose: string): string {
  return children(parseProse(prose));
}
