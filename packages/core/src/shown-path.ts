/**
 * How a file is named in messages: relative to the working folder when it is inside it (as a person
 * would type it there), else absolute, with `/` separators either way. Pure.
 */
import { isAbsolute, relative, sep } from "node:path";

export function shownPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return file.split(sep).join("/");
  return rel.split(sep).join("/") || ".";
}
