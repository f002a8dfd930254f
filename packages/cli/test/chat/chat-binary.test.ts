// The real `flow` binary (bin/flow.js over dist/), spawned with piped stdin in a fresh folder, no model
// key: the offline extractor, the default SQLite store under the working folder, and real signals.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFlow, openCheckpointer } from "@skillflow/langgraph";
import { offlineModel } from "@skillflow/langgraph/models";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = join(root, "packages/cli/bin/flow.js");
const trip = join(root, "skills/conference-trip");
const work = mkdtempSync(join(tmpdir(), "flow-chat-bin-"));
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GOOGLE_API_KEY|FLOW_DEBUG|NO_COLOR)$/.test(name)));

beforeAll(() => {
  // Test what is built from these sources: an up-to-date build is a no-op.
  spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b"], { cwd: root, encoding: "utf8" });
  expect(existsSync(join(root, "packages/cli/dist/commands/chat.js"))).toBe(true);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Spawn `flow chat …` in the work folder; `drive` writes to its stdin while it runs. */
function flowChat(args: string[], drive: (child: ReturnType<typeof spawn>, out: () => string) => Promise<void> | void) {
  const child = spawn(process.execPath, [bin, "chat", ...args], { cwd: work, env, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
  return Promise.resolve(drive(child, () => stdout)).then(() => done);
}

async function until(read: () => string, text: string) {
  for (let i = 0; i < 1000 && !read().includes(text); i++) await new Promise((r) => setTimeout(r, 10));
  expect(read()).toContain(text);
}

async function writesIn(thread: string) {
  const store = await openCheckpointer(join(work, ".flow/chat.sqlite"));
  try {
    const flow = await createFlow({ skill: trip, model: offlineModel(), store });
    return Object.values((await flow.state(thread))?.ledger ?? {}).map((e) => `${e.tool}:${e.status}`);
  } finally {
    await store.close();
  }
}

const threadOf = (stdout: string) => /conversation {2}([0-9a-f]{12}),/.exec(stdout)?.[1] ?? "";

describe("flow chat (the built binary, piped stdin)", () => {
  it("books the conference trip offline from piped lines: four writes, each once", async () => {
    const run = await flowChat([trip], (child) => void child.stdin!.end("Lisbon AI Summit\n3\n1\n1\ny\n"));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No GOOGLE_API_KEY: using the offline extractor");
    expect(run.stdout).toMatch(/> y\n\nBooked\. Your reference is TRIP-[0-9A-F]{6}\.\n/);
    expect(existsSync(join(work, ".flow/chat.sqlite"))).toBe(true);
    expect(await writesIn(threadOf(run.stdout))).toEqual(["hold_flight:done", "hold_hotel:done", "reserve_cab:done", "take_payment:done"]);
  });

  it("leaves the conversation resumable on SIGINT, and --thread finishes it after the restart", async () => {
    const stopped = await flowChat([trip], async (child, out) => {
      child.stdin!.write("Lisbon AI Summit\n3\n");
      await until(out, "Which flight would you like?");
      child.kill("SIGINT");
    });
    expect(stopped.code).toBe(130);
    const thread = threadOf(stopped.stdout);
    expect(stopped.stdout).toContain(`Stopped.\nusage: 2 model calls, 0 input + 0 output = 0 tokens\nThe conversation is kept. Resume with: flow chat ${trip} --thread ${thread}\n`);
    const resumed = await flowChat([trip, "--thread", thread], (child) => void child.stdin!.end("1\n1\ny\n"));
    expect(resumed.stdout).toContain(`Resuming conversation ${thread}: here is where it stands.\n\nWhich flight would you like?`);
    expect(resumed.stdout).toMatch(/Booked\. Your reference is TRIP-/);
    expect(resumed.code).toBe(0);
    expect(await writesIn(thread)).toHaveLength(4);
  });
});
