/**
 * A real `flow serve` process (the built binary, `npx tsc -b` first) on a free port: waits for its
 * banner, keeps its output, and stops it with a signal.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Send `signal` and wait for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startServeProcess(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, ["packages/cli/bin/flow.js", "serve", "--port", "0", ...args], {
    cwd: ROOT, env: { ...process.env, GOOGLE_API_KEY: "", ...env }, stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`flow serve did not start: ${out}${err}`)), 30_000);
    child.stderr!.on("data", (chunk: Buffer) => void (err += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /^chat\s+(http:\S+)$/m.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        url: url.replace(/\/$/, ""), child, stdout: () => out, stderr: () => err,
        stop: (signal = "SIGTERM") => (child.kill(signal), exited),
      });
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`flow serve exited with ${code}: ${out}${err}`));
    });
  });
}
