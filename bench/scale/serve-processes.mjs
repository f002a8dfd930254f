// The `flow serve` processes of bench/scale.mjs: the built CLI (packages/cli/bin/flow.js, from dist) run
// with node directly — so a SIGKILL reaches flow itself — on one PostgreSQL, with the offline extractor
// (`--model offline`: rules, no network) and one approver. The skills served are conference-trip and
// order-refund as they are, except that their writes also append one JSON line per call to a shared
// effects log (`SCALE_EFFECTS_LOG`): the tools run inside these processes, and a process that is killed
// loses its in-memory write log, so the count of effects is kept in a file all of them append to.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const SKILLS = ["conference-trip", "order-refund"];

/** The two skills in `dir`, their writes logging to `SCALE_EFFECTS_LOG` (one line per call). */
export function writeLoggedSkills(dir) {
  for (const name of SKILLS) {
    const folder = join(dir, name);
    mkdirSync(folder, { recursive: true });
    copyFileSync(join(ROOT, "skills", name, "SKILL.md"), join(folder, "SKILL.md"));
    writeFileSync(join(folder, "tools.ts"), `// ${name}'s tools, each write also logged to SCALE_EFFECTS_LOG (bench/scale).
import { appendFileSync } from "node:fs";
import tools from ${JSON.stringify(join(ROOT, "skills", name, "tools.ts"))};

const log = process.env.SCALE_EFFECTS_LOG ?? "";
const logged = (tool: any) => ({
  ...tool,
  run: async (input: unknown, context: { idempotencyKey: string }) => {
    const result = await tool.run(input, context);
    if (log) appendFileSync(log, JSON.stringify({ tool: tool.name, key: context.idempotencyKey, result, pid: process.pid }) + "\\n");
    return result;
  },
});
export default tools.map((tool: any) => (tool.kind === "write" ? logged(tool) : tool));
`);
  }
  return SKILLS.map((name) => join(dir, name));
}

/**
 * Start one `flow serve` on a free port; resolves when its banner names the URL. `lines` collects its
 * JSON turn lines (one per turn: thread, event, tools, repeated) as they arrive.
 */
export function startServe(skills, env, lines) {
  // SCALE_MAX_CONNECTIONS: each process's bound on its PostgreSQL connections (flow serve --max-connections).
  const bound = env.SCALE_MAX_CONNECTIONS ? ["--max-connections", env.SCALE_MAX_CONNECTIONS] : [];
  const child = spawn(process.execPath, [join(ROOT, "packages/cli/bin/flow.js"), "serve", ...skills, "--port", "0", "--db", env.PG_URL, "--model", "offline", ...bound], {
    cwd: ROOT, env: { ...process.env, GOOGLE_API_KEY: "", ...env }, stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  let pending = "";
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => (err += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`flow serve did not start in 60 s: ${out}${err}`)), 60_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      pending += chunk;
      const parts = pending.split("\n");
      pending = parts.pop();
      for (const line of parts) if (line.startsWith("{")) lines.push(JSON.parse(line));
      const url = /^chat\s+(http:\S+)$/m.exec(out)?.[1];
      if (url && !child.started) {
        child.started = true;
        clearTimeout(timer);
        resolve({ url: url.replace(/\/$/, ""), child, stderr: () => err });
      }
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (!child.started) reject(new Error(`flow serve exited (${code ?? signal}) before it started: ${(out + err).trim().split("\n").at(-1)}`));
    });
  });
}

/** SIGKILL a process we started and wait until it is gone. */
export function kill(proc) {
  return new Promise((resolve) => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once("exit", () => resolve());
    proc.child.kill("SIGKILL");
  });
}

/** Stop a process with SIGTERM (running turns finish) and wait for it. */
export function stop(proc) {
  return new Promise((resolve) => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once("exit", () => resolve());
    proc.child.kill("SIGTERM");
  });
}
