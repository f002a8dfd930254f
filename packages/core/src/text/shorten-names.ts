/**
 * Long names in messages, cut: a name (or a path, a value) of 100 KB echoed in full buries the sentence
 * around it and can flood a terminal or a log. A message shows at most the first 80 characters of any
 * name, then "…" and how long it is: `aaaa…` (100,000 characters). Every diagnostic, every error and
 * refusal the runtime says (run-context's `emit` and `record`), every `flow prove` report line, every
 * command-line error and every error the server answers with goes through `shortenNames`. Pure.
 */

/** How much of a long name a message shows. */
export const NAME_SHOWN = 80;

/** Runs with no space longer than this are cut even outside backticks (a name, a path, a pasted value). */
const RUN_LIMIT = 200;

/** `name` as a message shows it: whole up to 80 characters, else its start, "…" and its length. Pure. */
export function shortName(name: string): string {
  if (name.length <= NAME_SHOWN) return name;
  return `${name.slice(0, NAME_SHOWN)}… (${name.length.toLocaleString("en-US")} characters)`;
}

/**
 * `message` with each long name cut (`shortName`): a backticked name (no spaces: an expression in
 * backticks is left whole) longer than 80 characters, and any run of more than 200 characters with no
 * space (a name not in backticks, a path). Pure.
 */
export function shortenNames(message: string): string {
  if (message.length <= NAME_SHOWN) return message;
  return message
    .replace(/`([^`\s]{81,})`/g, (_, name: string) => `\`${shortName(name)}\``)
    .replace(new RegExp(`[^\\s\`]{${RUN_LIMIT + 1},}`, "g"), cutRun);
}

/** A long run without the quotes around it and the punctuation after it, cut; those kept. Pure. */
function cutRun(run: string): string {
  const start = /^['"(]+/.exec(run)?.[0] ?? "";
  const end = /['".,;:!?)]+$/.exec(run.slice(start.length))?.[0] ?? "";
  const body = run.slice(start.length, run.length - end.length);
  return body.length > RUN_LIMIT ? `${start}${shortName(body)}${end}` : run;
}
