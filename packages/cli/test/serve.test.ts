/**
 * `flow serve`: the command line checked before anything opens (each mistake one sentence, exit 2),
 * `--hash-credential`, and the real binary — the page and /healthz on the printed URL, a SIGTERM that
 * lets the running turn finish while refusing new ones, and one JSON log line per turn.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { verifyCredential } from "@skillflow/server";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";
import { ROOT, startServeProcess } from "./serve-process.js";

const SLOW_NOTE = "test/fixtures/serve/slow_note";

async function run(argv: string[], env: Record<string, string> = {}, stdin?: string) {
  const mem = memoryIo(ROOT, { env });
  if (stdin !== undefined) mem.io.stdin = Readable.from([stdin]);
  const code = await cli(argv, mem.io);
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

describe("flow serve: the command line", () => {
  it.each([
    [["serve"], "flow serve: name the skills to serve, e.g. flow serve skills"],
    [["serve", "skills", "--port", "http"], 'flow serve: --port must be a whole number from 0 to 65535, not "http"'],
    [["serve", "skills", "--auth", "open"], 'flow serve: --auth is session or none, not "open"'],
    [["serve", "skills", "--auth", "none", "--host", "0.0.0.0"], "flow serve: --auth none is allowed only when bound to localhost (127.0.0.1, ::1 or localhost), not 0.0.0.0: anyone who reaches the port could read and drive every conversation"],
    [["serve", "skills", "--approvers", "no-such-approvers.json"], "flow serve: approvers file not found: no-such-approvers.json"],
    [["serve", "skills/conference_tirp"], "flow serve: path not found: skills/conference_tirp"],
    [["serve", "skills", "--model", "frob:x"], 'flow serve: unknown model provider "frob" in "frob:x": use offline, gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name>'],
    [["serve", "skills", "--db", "postgress://x"], "flow serve: Unknown database URL scheme `postgress:` in `postgress://x`: use a file path, `sqlite:PATH` or `postgres://user@host/db`."],
  ])("%j → exit 2 with one sentence", async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(message);
  });

  it("refuses an approvers file with a credential in clear, naming the approver", async () => {
    const dir = mkdtempSync(join(tmpdir(), "serve-approvers-"));
    const file = join(dir, "approvers.json");
    writeFileSync(file, JSON.stringify({ approvers: { sam: { roles: ["supervisor"], credential: "hunter2" } } }));
    const result = await run(["serve", "skills", "--approvers", file]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(`flow serve: Approver "sam" in ${file} needs "credential": a scrypt hash made by \`flow serve --hash-credential\`, never the credential itself.`);
    const env = await run(["serve", "skills"], { FLOW_APPROVERS: "{ nope" });
    expect(env.stderr).toMatch(/^flow serve: FLOW_APPROVERS is not valid JSON: /);
  });

  it("--hash-credential prints a scrypt hash of the credential read on stdin", async () => {
    const result = await run(["serve", "--hash-credential"], {}, "sam-secret\n");
    expect(result.code).toBe(0);
    const hash = result.stdout.trim();
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain("sam-secret");
    expect(await verifyCredential("sam-secret", hash)).toBe(true);
    expect(await verifyCredential("sam-secret!", hash)).toBe(false);
  });
});

describe("flow serve: the binary", () => {
  it("prints the banner the README and docs/serve.md show for `npx flow serve skills`", async () => {
    const serve = await startServeProcess(["skills"], { FLOW_APPROVERS: "" });
    try {
      const port = new URL(serve.url).port;
      const printed = serve.stdout().split("Stop with Ctrl-C")[0]!.replaceAll(`:${port}/`, ":8787/");
      for (const doc of ["README.md", "docs/serve.md"]) {
        const text = readFileSync(join(ROOT, doc), "utf8");
        const shown = /npx flow serve skills[^\n]*\n```\n\n```\n([\s\S]*?)Stop with Ctrl-C/.exec(text)?.[1];
        expect(shown, doc).toBe(printed);
      }
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it("serves the page and /healthz, says auth none out loud, and on SIGTERM finishes the running turn and refuses new ones", async () => {
    const serve = await startServeProcess([SLOW_NOTE, "--db", "memory", "--auth", "none"], { SLOW_NOTE_MS: "1500" });
    expect(serve.stdout()).toContain("auth        none: every request is the same caller; anyone who reaches this port can read and drive every conversation");
    expect(serve.stdout()).toContain("model       offline\n            No GOOGLE_API_KEY: using the offline extractor");
    expect(await (await fetch(`${serve.url}/healthz`)).json()).toEqual({ ok: true, skills: ["slow_note"], running: 0 });
    expect(await (await fetch(serve.url)).text()).toContain('<script type="module" src="page/chat.js"></script>');

    const agui = (runId: string, messages: unknown[]) => fetch(`${serve.url}/agui`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: "n1", runId, messages }),
    });
    expect(await (await agui("r0", [])).text()).toContain("What should I note?");
    const running = agui("r1", [{ id: "m1", role: "user", content: "buy milk" }]).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exit = serve.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await agui("r2", [{ id: "m2", role: "user", content: "late" }]).then((r) => r.status, (e: Error) => e.message);
    expect([503, "fetch failed"]).toContain(refused);
    const body = await running;
    expect(body).toContain("Noted: buy milk.");
    expect(body).toContain('"type":"RUN_FINISHED"');
    expect(await exit).toBe(0);
    const out = serve.stdout();
    const [signalled, turnDone, stopped] = ["flow serve: SIGTERM: finishing 1 running request(s), refusing new ones…", '"event":"text"', "flow serve: stopped.\n"].map((s) => out.indexOf(s));
    expect(signalled).toBeGreaterThan(0);
    expect(turnDone).toBeGreaterThan(signalled);
    expect(stopped).toBeGreaterThan(turnDone);
    const logs = serve.stdout().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    expect(logs.map((l) => [l.event, l.tools, l.waits])).toEqual([["preset", [], "ask:note"], ["text", ["slow_echo"], "ask:done"]]);
    expect(logs[1]).toMatchObject({ thread: "n1", skill: "slow_note", modelCalls: 1 });
    expect(logs[1].durationMs).toBeGreaterThan(1400);
    expect(serve.stderr()).toBe("");
  });
});
