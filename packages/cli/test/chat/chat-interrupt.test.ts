// Ctrl-C during a slow write in `flow chat`: the built binary with piped stdin, a skill whose one write
// takes seconds (test/fixtures/chat/slow_write), and real SIGINTs.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFlow, openCheckpointer } from "@skillflow/langgraph";
import { offlineModel } from "@skillflow/langgraph/models";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = join(root, "packages/cli/bin/flow.js");
const skill = join(root, "test/fixtures/chat/slow_write");
const work = mkdtempSync(join(tmpdir(), "flow-chat-int-"));
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([n]) => !/^(GOOGLE_API_KEY|FLOW_DEBUG)$/.test(n))), NO_COLOR: "1", SLOW_WRITE_MS: "2500" };

beforeAll(() => void spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b"], { cwd: root }), 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Start the chat, say the note and yes, and press Ctrl-C `presses` times once the write runs. */
async function pressDuringWrite(presses: number, args: string[] = []) {
  const child = spawn(process.execPath, [bin, "chat", skill, ...args], { cwd: work, env, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (chunk) => (out += chunk));
  child.stderr!.on("data", (chunk) => (out += chunk));
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  child.stdin!.write("buy milk\n");
  for (let i = 0; i < 1000 && !out.includes("Type yes (or y"); i++) await new Promise((r) => setTimeout(r, 10));
  child.stdin!.write("y\n");
  // The line is echoed when the chat reads it; the write starts right after and runs for 2.5 s.
  for (let i = 0; i < 1000 && !out.includes("> y\n"); i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 400));
  for (let i = 0; i < presses; i++) {
    child.kill("SIGINT");
    await new Promise((r) => setTimeout(r, 200));
  }
  return { code: await closed, out };
}

const threadOf = (out: string) => /conversation {2}([0-9a-f]{12}),/.exec(out)?.[1] ?? "";

describe("flow chat: Ctrl-C during a slow write", () => {
  it("one press says the chat stops once the turn is done; the write finishes; then Stopped, usage, exit 130", async () => {
    const { code, out } = await pressDuringWrite(1);
    const [, after] = out.split("> y\n");
    expect(after).toMatch(/^\nStopping once this turn is done \(it is still running\)\. Press Ctrl-C again to stop at once\.\n/);
    expect(after).toContain("Saved as NOTE-1.");
    expect(after).toContain(`Stopped.\nusage: 1 model call, 0 input + 0 output = 0 tokens\nThe conversation is kept. Resume with: flow chat ${skill} --thread ${threadOf(out)}\n`);
    expect(code).toBe(130);
  }, 30_000);

  it("two presses stop at once, with the usage so far and the thread to resume; --thread then finishes the write once", async () => {
    const { code, out } = await pressDuringWrite(2);
    const thread = threadOf(out);
    expect(out).not.toContain("Saved as");
    expect(out).toContain("Stopped at once: the turn that was running was cut short.\nusage: 1 model call, 0 input + 0 output = 0 tokens (before that turn)\n");
    expect(out).toContain(`The conversation is kept. Resume with: flow chat ${skill} --thread ${thread} (it finishes that turn first`);
    expect(code).toBe(130);
    const resumed = spawnSync(process.execPath, [bin, "chat", skill, "--thread", thread], { cwd: work, env, input: "", encoding: "utf8" });
    expect(resumed.stdout).toContain(`Resuming conversation ${thread}: finishing the turn that was cut short.\n\nSaved as NOTE-1.`);
    const store = await openCheckpointer(join(work, ".flow/chat.sqlite"));
    try {
      const flow = await createFlow({ skill, model: offlineModel(), store });
      expect(Object.values((await flow.state(thread))?.ledger ?? {}).map((e) => `${e.tool}:${e.status}`)).toEqual(["save_note:done"]);
    } finally {
      await store.close();
    }
  }, 30_000);

  it("with --db memory, two presses say the conversation ends here", async () => {
    const { code, out } = await pressDuringWrite(2, ["--db", "memory"]);
    expect(out).toContain("Stopped at once: the turn that was running was cut short.\n");
    expect(out).toContain("The conversation was in memory only: it ends here.\n");
    expect(code).toBe(130);
  }, 30_000);
});
