/**
 * Why better-sqlite3 could not open a file, as one sentence. Its native binding is compiled on install
 * (its install script; the prebuilt download is often unreachable): when that did not happen, or was
 * done for another Node version, `bindings` throws a dozen lines listing every path it tried. Pure.
 */

/** What better-sqlite3 throws when its compiled binding is missing or unusable here. */
const NO_BINDING = [
  /Could not locate the bindings file/i,
  /was compiled against a different Node\.js version/i,
  /NODE_MODULE_VERSION/,
  /invalid ELF header|wrong ELF class|cannot open shared object file/i,
];

/** The one sentence of advice when the binding is missing. */
export const NO_BINDING_ADVICE =
  "better-sqlite3's native binding is not built for this Node " +
  "(npm ci compiles it: that needs python3, make and g++, and its install script approved in allowScripts); " +
  "run `npm rebuild better-sqlite3`, or pass --db memory or a postgres:// URL";

/** Whether `error` says the native binding is missing or built for another Node. Pure. */
export function isMissingBinding(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return NO_BINDING.some((re) => re.test(message));
}

/** `Cannot open the SQLite database \`path\`: reason.` — one line whatever better-sqlite3 said. Pure. */
export function describeSqliteError(path: string, error: unknown): string {
  if (isMissingBinding(error)) return `Cannot open the SQLite database \`${path}\`: ${NO_BINDING_ADVICE}.`;
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split("\n")[0]!.replace(/[.:]\s*$/, "");
  return `Cannot open the SQLite database \`${path}\`: ${firstLine}.`;
}
