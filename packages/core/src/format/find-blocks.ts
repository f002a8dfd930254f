/**
 * Find the parts of SKILL.md that carry the flow: the frontmatter, the title, and the fenced ```yaml
 * blocks under the `## Fields`, `## Steps`, `## Values` and `## Limits` headings (matched case-insensitively). Everything else is
 * prose for people. Pure: remark parses the Markdown, nothing is read from disk.
 */
import { remark } from "remark";
import remarkFrontmatter from "remark-frontmatter";
import type { ParseReport } from "./diagnose.js";
import type { Position } from "./ir.js";

/** A YAML source cut out of SKILL.md, with what it takes to map its positions back to the file. */
export interface SourceBlock {
  /** The YAML text as the YAML parser sees it. */
  text: string;
  /** File line of the block's first line of YAML. */
  line: number;
  /** For each line of YAML: how many columns Markdown removed at its start (indented fences). */
  shifts: number[];
  /** The opening fence (or `---`). */
  pos: Position;
}

export interface FoundBlocks {
  frontmatter?: SourceBlock;
  fields?: SourceBlock;
  steps?: SourceBlock;
  /** The optional `## Limits` block. */
  limits?: SourceBlock;
  /** The optional `## Values` block. */
  values?: SourceBlock;
  /** Text of the first `#` heading. */
  title?: string;
  /** The Markdown without frontmatter, title, and the Fields, Steps, Values and Limits headings and blocks. */
  prose: string;
}

interface MdNode {
  type: string;
  depth?: number;
  lang?: string | null;
  value?: string;
  children?: MdNode[];
  position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } };
}

type Section = "fields" | "steps" | "limits" | "values";

const parser = remark().use(remarkFrontmatter, ["yaml"]);

/** What the walk over the top-level Markdown nodes has found so far. */
interface Walk {
  text: string;
  lines: string[];
  report: ParseReport;
  found: FoundBlocks;
  /** Spans left out of the prose. */
  cut: Array<[number, number]>;
  seen: Set<Section>;
  /** The Fields or Steps section being read (undefined outside them, or in a repeated one). */
  section?: { name: Section; depth: number; unlabeled?: MdNode } | undefined;
}

/** Split SKILL.md (already normalized to `\n` line endings) into its blocks and prose. */
export function findBlocks(text: string, report: ParseReport): FoundBlocks {
  const tree = parser.parse(text) as MdNode;
  const walk: Walk = { text, lines: text.split("\n"), report, found: { prose: "" }, cut: [], seen: new Set() };
  for (const node of tree.children ?? []) {
    if (node.type === "yaml") {
      walk.found.frontmatter = frontmatterBlock(node);
      walk.cut.push(span(node));
    } else if (node.type === "heading") visitHeading(node, walk);
    else if (node.type === "code") visitCode(node, walk);
  }
  closeSection(walk);
  if (!walk.found.frontmatter) checkUnclosedFrontmatter(text, report);
  walk.found.prose = proseWithout(text, walk.cut);
  return walk.found;
}

function visitHeading(node: MdNode, walk: Walk): void {
  const name = headingText(node).trim().toLowerCase();
  if (walk.section && (node.depth ?? 1) <= walk.section.depth) closeSection(walk);
  if (name === "fields" || name === "steps" || name === "limits" || name === "values") {
    walk.cut.push(span(node));
    if (walk.seen.has(name)) return duplicateHeading(node, name, walk.report);
    walk.seen.add(name);
    walk.section = { name, depth: node.depth ?? 2 };
  } else if (node.depth === 1 && walk.found.title === undefined) {
    walk.found.title = headingText(node).trim();
    walk.cut.push(span(node));
  }
}

function visitCode(node: MdNode, walk: Walk): void {
  const section = walk.section;
  if (!section) return;
  if (!isYaml(node)) section.unlabeled ??= node;
  else if (walk.found[section.name]) extraBlock(node, section.name, walk.report);
  else {
    walk.found[section.name] = codeBlock(node, walk.lines, walk.text, walk.report);
    walk.cut.push(span(node));
  }
}

function isYaml(node: MdNode): boolean {
  return node.lang === "yaml" || node.lang === "yml";
}

function span(node: MdNode): [number, number] {
  return [node.position?.start.offset ?? 0, node.position?.end.offset ?? 0];
}

function fencePos(node: MdNode): Position {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

function headingText(node: MdNode): string {
  if (typeof node.value === "string") return node.value;
  return (node.children ?? []).map(headingText).join("");
}

function frontmatterBlock(node: MdNode): SourceBlock {
  const text = node.value ?? "";
  return { text, line: fencePos(node).line + 1, shifts: [], pos: fencePos(node) };
}

/** A fenced block; Markdown strips up to the fence's indentation from each line, which `shifts` restores. */
function codeBlock(node: MdNode, lines: string[], source: string, report: ParseReport): SourceBlock {
  const pos = fencePos(node);
  const text = node.value ?? "";
  const shifts = text.split("\n").map((valueLine, i) => Math.max(0, (lines[pos.line + i] ?? "").length - valueLine.length));
  const [start, end] = span(node);
  const raw = source.slice(start, end).split("\n");
  if (raw.length < 2 || !/^\s*(`{3,}|~{3,})\s*$/.test(raw.at(-1) ?? "")) {
    report(
      "markdown-syntax",
      pos,
      `The \`\`\`${node.lang} block that opens on line ${pos.line} is never closed.`,
      "Add a closing ``` line after the block's last line.",
    );
  }
  return { text, line: pos.line + 1, shifts, pos };
}

/** Leave the current section; a section whose only code block is not marked as YAML is reported. */
function closeSection(walk: Walk): void {
  const section = walk.section;
  walk.section = undefined;
  if (!section || walk.found[section.name] || !section.unlabeled) return;
  walk.report(
    "invalid-block",
    fencePos(section.unlabeled),
    `The code block under \`## ${title(section.name)}\` is not marked as YAML, so it is not read.`,
    "Open the fence with ```yaml.",
  );
}

function duplicateHeading(node: MdNode, name: Section, report: ParseReport): void {
  report(
    "invalid-block",
    fencePos(node),
    `SKILL.md has a second \`## ${title(name)}\` heading; only the first block of ${name} is read.`,
    `Merge both into the first \`## ${title(name)}\` section.`,
  );
}

function extraBlock(node: MdNode, name: Section, report: ParseReport): void {
  report(
    "invalid-block",
    fencePos(node),
    `This is a second \`\`\`yaml block of ${name}; only the first one is read.`,
    `Move its content into the first \`\`\`yaml block under \`## ${title(name)}\`.`,
  );
}

function checkUnclosedFrontmatter(text: string, report: ParseReport): void {
  if (!/^---[ \t]*\n/.test(text)) return;
  report(
    "frontmatter-syntax",
    { line: 1, column: 1 },
    "The frontmatter that opens on line 1 is never closed.",
    "Add a `---` line after the frontmatter's last line.",
  );
}

function title(name: Section): string {
  return name === "fields" ? "Fields" : name === "steps" ? "Steps" : name === "values" ? "Values" : "Limits";
}

/** `text` with the cut spans removed and runs of blank lines squeezed. */
function proseWithout(text: string, cut: Array<[number, number]>): string {
  let prose = "";
  let from = 0;
  for (const [start, end] of [...cut].sort((a, b) => a[0] - b[0])) {
    prose += text.slice(from, start);
    from = Math.max(from, end);
  }
  prose += text.slice(from);
  return prose.replace(/\n{3,}/g, "\n\n").trim();
}
