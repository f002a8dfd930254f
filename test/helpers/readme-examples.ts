/**
 * Reading the examples of a Markdown file (README.md, docs/*.md) for test/readme-examples.test.ts (the
 * marker convention is described there), and matching a command's output against the output shown. Pure.
 */

export type ExampleKind = "output" | "transcript" | "runs" | "skip";

/** One `$ command` of an output block and the lines shown after it. */
export interface ShownRun {
  command: string;
  expected: string[];
}

export interface Example {
  /** 1-based line of the block's opening fence. */
  line: number;
  /** The marker's kind, or undefined when a block of commands has none. */
  kind?: ExampleKind;
  /** Why a `skip` block is not run. */
  reason?: string;
  /** `runs`: the command lines (comments and blank lines dropped). */
  commands: string[];
  /** `output` and `transcript`: each `$ command` with the output shown for it. */
  runs: ShownRun[];
}

const MARKER = /^<!--\s*readme-test:\s*(output|transcript|runs|skip)\b\s*(?:\((.*)\))?\s*-->\s*$/;
const FENCE = /^```(\w*)\s*$/;

/** Every fenced block that holds commands (```sh/bash/shell, or `$ ` lines), with its marker. */
export function readExamples(markdown: string): Example[] {
  const lines = markdown.split("\n");
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    const body = lines.slice(i + 1, end < 0 ? lines.length : end);
    const isShell = ["sh", "bash", "shell"].includes(open[1]!);
    const hasPrompt = body.some((l) => l.startsWith("$ "));
    if (isShell || hasPrompt) {
      const marker = MARKER.exec(lines[i - 1] ?? "");
      const example: Example = { line: i + 1, commands: [], runs: [] };
      if (marker) example.kind = marker[1] as ExampleKind;
      if (marker?.[2]) example.reason = marker[2].trim();
      example.commands = body.map((l) => l.replace(/\s+#\s.*$/, "").trim()).filter((l) => l && !l.startsWith("#"));
      example.runs = shownRuns(body);
      out.push(example);
    }
    i = end < 0 ? lines.length : end;
  }
  return out;
}

/** The `$ command` lines of a block, each with the lines up to the next one. */
function shownRuns(body: string[]): ShownRun[] {
  const runs: ShownRun[] = [];
  for (const line of body) {
    if (line.startsWith("$ ")) runs.push({ command: line.slice(2), expected: [] });
    else runs.at(-1)?.expected.push(line);
  }
  return runs;
}

/**
 * What a transcript shows being typed: every line after a `> ` prompt, each ended by a newline (the
 * chat echoes piped lines after their prompt, so piping them in prints the transcript). Pure.
 */
export function typedInput(expected: readonly string[]): string {
  return expected.flatMap((line) => (line.startsWith("> ") ? [`${line.slice(2)}\n`] : [])).join("");
}

/**
 * Whether `actual` is what `expected` shows: line for line, where a line that is just `…` stands for any
 * number of lines and `…` inside a line for any text on that line. Trailing blank lines are ignored.
 */
export function matchesShown(actual: string, expected: readonly string[]): boolean {
  const trim = (ls: string[]) => {
    while (ls.length && ls.at(-1)!.trim() === "") ls.pop();
    return ls;
  };
  const want = trim([...expected]);
  const pattern = want
    .map((l) => (l === "…" ? "(?:[^\\n]*\\n)*?" : `${l.split("…").map(escape).join("[^\\n]*")}\\n`))
    .join("");
  return new RegExp(`^${pattern}$`).test(`${trim(actual.split("\n")).join("\n")}\n`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
