/**
 * No command prints "internal error" for an ordinary file-system problem: an fs error that escapes a
 * command (here, a folder the system refuses to list, while `flow prove` walks it) becomes one
 * sentence and exit 1 — and a JSON error object in JSON mode. Root reads every folder, so the refusal
 * is simulated by node:fs/promises.readdir for folders named `refused`.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { describeFsError, isBadPath } from "../src/describe-fs-error.js";
import { memoryIo } from "./memory-io.js";

vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  const readdir = (async (path: string, ...rest: never[]) => {
    if (String(path).endsWith("refused")) throw fsError("EACCES", "scandir", String(path));
    return (real.readdir as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof real.readdir;
  return { ...real, default: { ...real, readdir }, readdir };
});

function fsError(code: string, syscall: string, path: string): Error {
  return Object.assign(new Error(`${code}: something, ${syscall} '${path}'`), { code, syscall, path, errno: -1 });
}

describe("a file-system error that escapes a command", () => {
  const dir = mkdtempSync(join(tmpdir(), "flow-fs-"));
  mkdirSync(join(dir, "refused"));
  // The suite shares module caches between files (isolate: false): the CLI is imported afresh here, so
  // it reads node:fs/promises through the mock above, not through a copy another file loaded first.
  let cli: typeof import("../src/cli.js").cli;
  beforeAll(async () => {
    vi.resetModules();
    ({ cli } = await import("../src/cli.js"));
  });

  it("is one sentence on stderr and exit 1, not an internal error", async () => {
    const mem = memoryIo(process.cwd());
    const code = await cli(["prove", dir], mem.io);
    expect(mem.stderr()).toBe(`flow: cannot read the folder ${dir}/refused: permission denied\n`);
    expect([code, mem.stdout()]).toEqual([1, ""]);
  });

  it("is also a JSON error object on stdout in JSON mode", async () => {
    const mem = memoryIo(process.cwd());
    const code = await cli(["prove", "--json", dir], mem.io);
    expect(JSON.parse(mem.stdout())).toEqual({ version: 1, exitCode: 1, errors: [{ message: `cannot read the folder ${dir}/refused: permission denied` }] });
    expect(code).toBe(1);
  });
});

describe("describeFsError", () => {
  it.each([
    [fsError("ENOENT", "open", "/a/b/x.md"), { verb: "write" }, "cannot write /a/b/x.md: the folder /a/b does not exist"],
    [fsError("EISDIR", "open", "/tmp/d"), { verb: "write" }, "cannot write /tmp/d: it is a folder, not a file"],
    [fsError("ENOTDIR", "open", "/etc/passwd/x"), {}, "cannot open /etc/passwd/x: a part of the path is a file, not a folder"],
    [fsError("ENOSPC", "write", "/full/x"), { path: "x" }, "cannot write x: no space is left on the device"],
    [fsError("EWEIRD", "open", "/x"), {}, "cannot open /x: the system says EWEIRD"],
  ])("%s", (error, options, sentence) => {
    expect(describeFsError(error, options)).toBe(sentence);
  });

  it("leaves errors that are not about a file alone", () => {
    expect(describeFsError(new Error("boom"))).toBeUndefined();
    expect(describeFsError(Object.assign(new Error("x"), { code: "ECONNREFUSED", syscall: "connect" }))).toBeUndefined();
  });

  it("tells a wrong path (exit 2) from a refusal (exit 1)", () => {
    expect(isBadPath(fsError("EISDIR", "open", "/d"))).toBe(true);
    expect(isBadPath(fsError("EACCES", "open", "/d"))).toBe(false);
  });
});
