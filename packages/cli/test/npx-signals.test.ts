/**
 * `npx flow serve` and `npx flow studio` stopped with `kill -TERM` of the npx process, as the README
 * says. npm runs the bin under `sh -c` and passes the SIGTERM to that shell only; the shell ended and
 * left `node … flow serve` running, holding the port. Now flow notices and stops itself. Each run gets
 * its own process group, so "no process is left" is "the group is empty". Runs the built binary
 * (`npx tsc -b` first) through the real npx.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { ROOT } from "./serve-process.js";

interface Started {
  pid: number;
  port: number;
  stdout(): string;
}

/** `npx flow ...args` in a process group of its own; resolves once `banner` gives the URL. */
function startNpx(args: string[], banner: RegExp): Promise<Started> {
  const child = spawn("npx", ["flow", ...args], {
    cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, GOOGLE_API_KEY: "" },
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npx flow did not start: ${out}`)), 30_000);
    child.stderr.on("data", (chunk: Buffer) => void (out += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = banner.exec(out)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ pid: child.pid!, port: Number(port), stdout: () => out });
    });
    child.on("exit", (code) => (clearTimeout(timer), reject(new Error(`npx flow exited with ${code}: ${out}`))));
  });
}

/** Whether any process of group `pgid` is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(done: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (done()) return true;
  return done();
}

function portFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

describe("kill -TERM of npx", () => {
  it("stops `npx flow serve`: it finishes, frees the port and leaves no process", async () => {
    const started = await startNpx(["serve", "skills", "--port", "0", "--db", "memory"], /^chat\s+http:\/\/127\.0\.0\.1:(\d+)\/$/m);
    try {
      process.kill(started.pid, "SIGTERM");
      expect(await until(() => !groupAlive(started.pid), 10_000)).toBe(true);
      expect(await portFree(started.port)).toBe(true);
      expect(started.stdout()).toContain("flow serve: stopped.");
    } finally {
      if (groupAlive(started.pid)) process.kill(-started.pid, "SIGKILL");
    }
  }, 45_000);

  it("stops `npx flow studio` the same way", async () => {
    const started = await startNpx(["studio", "skills", "--port", "0", "--db", "memory"], /^studio\s+http:\/\/127\.0\.0\.1:(\d+)\/?$/m);
    try {
      process.kill(started.pid, "SIGTERM");
      expect(await until(() => !groupAlive(started.pid), 10_000)).toBe(true);
      expect(await portFree(started.port)).toBe(true);
    } finally {
      if (groupAlive(started.pid)) process.kill(-started.pid, "SIGKILL");
    }
  }, 45_000);
});
