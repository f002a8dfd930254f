/**
 * The skill's prose placed under the procedure's "Purpose" section: its headings are moved down so the
 * shallowest becomes `###` (the procedure owns `#` and `##`). Only heading lines change; every other
 * line stays as the author wrote it. Pure (remark parses; nothing is read from disk).
 */
import { remark } from "remark";

export interface MdNode {
  type: string;
  depth?: number;
  value?: string;
  url?: string;
  alt?: string;
  ordered?: boolean;
  start?: number | null;
  children?: MdNode[];
  position?: { start: { line: number }; end: { line: number } };
}

const parser = remark();

/** The prose as a Markdown tree (for the HTML page). */
export function parseProse(prose: string): MdNode {
  return parser.parse(prose) as MdNode;
}

function headingText(lines: readonly string[], node: MdNode): string {
  const start = node.position!.start.line - 1;
  const end = node.position!.end.line - 1;
  const first = lines[start] ?? "";
  if (/^\s{0,3}#/.test(first)) return first.replace(/^\s{0,3}#+\s*/, "").replace(/\s+#+\s*$/, "").trim();
  return lines.slice(start, end).map((l) => l.trim()).join(" ");
}

/** The prose with top-level headings shifted so the shallowest is at `minDepth` (at most 6). */
export function demoteHeadings(prose: string, minDepth = 3): string {
  const headings = (parseProse(prose).children ?? []).filter((n) => n.type === "heading" && n.position);
  if (headings.length === 0) return prose;
  const shift = Math.max(0, minDepth - Math.min(...headings.map((h) => h.depth ?? 1)));
  if (shift === 0) return prose;
  const lines = prose.split("\n");
  for (const h of [...headings].reverse()) {
    const start = h.position!.start.line - 1;
    const depth = Math.min(6, (h.depth ?? 1) + shift);
    const text = headingText(lines, h);
    lines.splice(start, h.position!.end.line - start, `${"#".repeat(depth)} ${text}`);
  }
  return lines.join("\n");
}
