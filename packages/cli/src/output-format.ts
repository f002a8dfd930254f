/**
 * `--format text|json` and `--json` on the commands that print a report (`flow check`, `flow prove`):
 * the two spellings mean the same on both commands, so neither has to be remembered per command.
 */
import { Option, type Command } from "commander";

export type OutputFormat = "text" | "json";

export interface FormatOptions {
  format?: OutputFormat;
  json?: boolean;
}

/** Add `--format <text|json>` (default text) and `--json` to `command`. */
export function addFormatOptions(command: Command): Command {
  return command
    .addOption(new Option("--format <format>", "output format").choices(["text", "json"]).default("text"))
    .option("--json", "print the report as JSON (the same as --format json)");
}

/** The format the options ask for: JSON with `--json` or `--format json`. Pure. */
export function formatOf(options: FormatOptions): OutputFormat {
  return options.json === true || options.format === "json" ? "json" : "text";
}

/**
 * Whether a command line asks for JSON (`--json`, `--format json`, `--format=json`), read from the raw
 * arguments: for errors found before the options are parsed. Pure.
 */
export function asksForJson(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  const args = end >= 0 ? argv.slice(0, end) : argv;
  return args.some((arg, i) => arg === "--json" || arg === "--format=json" || (arg === "--format" && args[i + 1] === "json"));
}
