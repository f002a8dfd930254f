/**
 * A file-system error (ENOENT, EISDIR, EACCES, …) as one sentence a person can act on, instead of
 * Node's `EISDIR: illegal operation on a directory, open '…'`. Pure.
 */
import { dirname } from "node:path";

const REASONS: Record<string, string> = {
  ENOENT: "no such file or folder",
  EISDIR: "it is a folder, not a file",
  ENOTDIR: "a part of the path is a file, not a folder",
  EACCES: "permission denied",
  EPERM: "the operation is not permitted",
  EROFS: "the file system is read-only",
  ENOSPC: "no space is left on the device",
  EDQUOT: "the disk quota is used up",
  EEXIST: "it already exists",
  ENAMETOOLONG: "the name is too long",
  ELOOP: "too many symbolic links in the path",
  EMFILE: "too many files are open",
  ENFILE: "too many files are open",
  EBUSY: "it is busy",
  EIO: "an input/output error",
};

const VERBS: Record<string, string> = {
  open: "open", read: "read", write: "write", scandir: "read the folder", opendir: "read the folder",
  mkdir: "create the folder", stat: "look at", lstat: "look at", access: "access", unlink: "remove",
  rmdir: "remove the folder", rename: "rename", copyfile: "copy", readlink: "read the link",
};

type ErrnoError = Error & { code: string; syscall?: string; path?: string };

/** An error Node's system calls throw: an `E…` code (ENOENT, EACCES, …). */
function isErrno(error: unknown): error is ErrnoError {
  const { code } = (error ?? {}) as { code?: unknown };
  return error instanceof Error && typeof code === "string" && /^E[A-Z0-9]+$/.test(code);
}

/** True for an error Node's file system functions throw: an `E…` code and the path it is about. */
export function isFsError(error: unknown): error is ErrnoError & { path: string } {
  return isErrno(error) && typeof error.path === "string";
}

/**
 * `cannot VERB PATH: REASON`, or undefined when `error` is not a file-system error. `verb` and `path`
 * say what was being done and how to name the file (default: from the error; an error without a path
 * is described only when `path` is given). Writing to a folder that does not exist says which folder.
 */
export function describeFsError(error: unknown, options: { verb?: string; path?: string } = {}): string | undefined {
  if (!isErrno(error)) return undefined;
  const path = options.path ?? error.path;
  if (path === undefined) return undefined;
  const verb = options.verb ?? VERBS[error.syscall ?? ""] ?? "use";
  const reason = verb === "write" && error.code === "ENOENT"
    ? `the folder ${dirname(path)} does not exist`
    : REASONS[error.code] ?? `the system says ${error.code}`;
  return `cannot ${verb} ${path}: ${reason}`;
}

/** Whether the path itself is wrong (a command-line mistake, exit 2) rather than the system refusing. */
export function isBadPath(error: unknown): boolean {
  return isFsError(error) && ["ENOENT", "EISDIR", "ENOTDIR", "ENAMETOOLONG"].includes(error.code);
}
