/**
 * `flow studio`, `flow studio export`, `flow serve --studio-db` and `flow draft`: the command lines
 * (each mistake one sentence), the real binary serving the Studio page, a version written back to the
 * skill folder only when it passes (checked again first), `flow serve` running the newest passing
 * version, and drafts written only when the loader lets them load.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptedChatModel } from "@skillflow/langgraph";
import { draftModelOf, openStudioStore, type TextChatModel } from "@skillflow/studio";
import { AguiDriver } from "../../server/test/helpers/agui-driver.js";
import { cli } from "../src/cli.js";
import { runDraft } from "../src/studio/run-draft.js";
import { memoryIo } from "./memory-io.js";
import { ROOT, startServeProcess } from "./serve-process.js";

const SCRATCH = join(ROOT, ".scratch-studio-cli", String(process.pid));
const TRIP = join(SCRATCH, "skills/conference-trip");
const DB = join(SCRATCH, "studio.sqlite");
const tripText = readFileSync(join(ROOT, "skills/conference-trip/SKILL.md"), "utf8");
const asked = tripText.replace("Which conference are you going to?", "Which conference is it this time?");
const ungated = tripText.replace(/\n- confirm: \{ pay: [^\n]*\n  widget: trip_checkout/, "");

async function run(argv: string[], env: Record<string, string> = {}) {
  const mem = memoryIo(ROOT, { env });
  const code = await cli(argv, mem.io);
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

beforeAll(async () => {
  // A copy of the trip inside the repository, so its tools.ts resolves zod and @skillflow/core.
  mkdirSync(join(SCRATCH, "skills"), { recursive: true });
  cpSync(join(ROOT, "skills/conference-trip"), TRIP, { recursive: true });
  const store = await openStudioStore(DB);
  const at = "2027-03-01T09:00:00Z";
  await store.versions.save({ skill: "conference-trip", content: asked, author: "sam", at, diagnostics: [] });
  await store.versions.save({ skill: "conference-trip", content: ungated, author: "ann", at, diagnostics: [{ file: "SKILL.md", line: 63, column: 3, ruleId: "ungated-write", severity: "error", reason: "r" }] });
  await store.close();
}, 60_000);
afterAll(() => rmSync(join(ROOT, ".scratch-studio-cli"), { recursive: true, force: true }));

describe("flow studio: the command line", () => {
  it.each([
    [["studio", "--host", "0.0.0.0"], "flow studio: without --approvers the Studio has one local author and no sign-in, so it binds only to localhost (127.0.0.1, ::1 or localhost), not 0.0.0.0: pass --approvers FILE with authors (role author) to serve it further"],
    [["studio", "skils"], "flow studio: not a folder of skills: skils"],
    [["studio", "--port", "x"], 'flow studio: --port must be a whole number from 0 to 65535, not "x"'],
    [["studio", "--approvers", "no-such.json"], "flow studio: approvers file not found: no-such.json"],
    [["studio", "--model", "frob:x"], 'flow studio: unknown model provider "frob" in "frob:x": use offline, gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name>'],
  ])("%j → exit 2 with one sentence", async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(message);
  });

  it("the binary prints the banner docs/studio.md shows, serves the Studio page, and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, ["packages/cli/bin/flow.js", "studio", "skills", "--port", "0"], {
      cwd: ROOT, env: { ...process.env, GOOGLE_API_KEY: "", FLOW_AUTHOR: "sam" }, stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => void (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await expect.poll(() => /^studio\s+(http:\S+)$/m.test(out), { timeout: 30_000 }).toBe(true);
    const url = /^studio\s+(http:\S+)$/m.exec(out)![1]!;
    const port = new URL(url).port;
    const shown = /npx flow studio skills[^\n]*\n```\n\n```\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, "docs/studio.md"), "utf8"))?.[1];
    expect(out.replaceAll(`:${port}/`, ":8788/")).toBe(shown);
    expect(await (await fetch(url)).text()).toContain('<script type="module" src="studio/page/studio.js"></script>');
    const skills = await (await fetch(`${url}studio/api/skills`)).json();
    expect(skills.skills.map((s: { key: string }) => s.key)).toEqual(["account-change", "agent-refund", "conference-trip", "deploy-pipeline", "dev-review", "order-refund", "cancel-order", "change-default-address", "change-order-payment", "exchange-items", "human-agent", "modify-items", "modify-order-address", "order-details", "profile", "return-items"]);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(out).toContain("flow studio: stopped.");
  }, 60_000); // the binary's start is allowed 30 s above, then the page and a stop
});

describe("flow studio export", () => {
  it("writes the newest passing version back to SKILL.md; refuses a draft, a missing version and a missing database", async () => {
    const ok = await run(["studio", "export", TRIP, "--db", DB]);
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toBe(`wrote .scratch-studio-cli/${process.pid}/skills/conference-trip/SKILL.md from version 1 (sam, 2027-03-01T09:00:00Z)\n`);
    expect(ok.code).toBe(0);
    expect(readFileSync(join(TRIP, "SKILL.md"), "utf8")).toBe(asked);
    expect((await run(["studio", "export", TRIP, "--db", DB])).stdout).toContain("is already version 1");
    const draft = await run(["studio", "export", TRIP, "--db", DB, "--version", "2"]);
    expect([draft.code, draft.stderr.trim()]).toEqual([1, "flow studio export: version 2 of conference-trip is a draft that fails the check (1 error): export a version that passes"]);
    const missing = await run(["studio", "export", TRIP, "--db", DB, "--version", "9"]);
    expect(missing.stderr.trim()).toBe(`flow studio export: conference-trip has no version 9 in .scratch-studio-cli/${process.pid}/studio.sqlite`);
    const nodb = await run(["studio", "export", TRIP, "--db", join(SCRATCH, "none.sqlite")]);
    expect([nodb.code, nodb.stderr.trim()]).toEqual([2, `flow studio export: no Studio database at .scratch-studio-cli/${process.pid}/none.sqlite: save a version in flow studio first, or pass --db with its database`]);
    expect(existsSync(join(SCRATCH, "none.sqlite"))).toBe(false);
    expect((await run(["studio", "export", "skills/nope", "--db", DB])).stderr.trim()).toBe("flow studio export: path not found: skills/nope");
  });

  it("checks a version again before writing it: one that passed when saved but no longer loads is not written", async () => {
    const store = await openStudioStore(DB);
    // Saved as passing (its diagnostics said so then); today's tools and checks reject it.
    const saved = await store.versions.save({ skill: "conference-trip", content: ungated.replace("Booked.", "All booked."), author: "ann", at: "2027-03-02T09:00:00Z", diagnostics: [] });
    expect(saved.version).toMatchObject({ number: 3, passes: true });
    await store.close();
    const before = readFileSync(join(TRIP, "SKILL.md"), "utf8");
    const result = await run(["studio", "export", TRIP, "--db", DB]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error ungated-write");
    expect(result.stderr.trim().split("\n").at(-1)).toBe("flow studio export: version 3 of conference-trip no longer passes the check with today's tools.ts (above): nothing was written");
    expect(readFileSync(join(TRIP, "SKILL.md"), "utf8")).toBe(before);
  });
});

describe("flow serve --studio-db", () => {
  it("runs each skill's newest passing version from the Studio's database, and says which", async () => {
    const db = join(SCRATCH, "serve-versions.sqlite");
    const store = await openStudioStore(db);
    await store.versions.save({ skill: "conference-trip", content: asked, author: "sam", at: "2027-03-01T09:00:00Z", diagnostics: [] });
    await store.versions.save({ skill: "conference-trip", content: ungated, author: "ann", at: "2027-03-01T09:01:00Z", diagnostics: [{ file: "SKILL.md", line: 63, column: 3, ruleId: "ungated-write", severity: "error", reason: "r" }] });
    await store.close();
    const serve = await startServeProcess(["skills/conference-trip", "skills/order-refund", "--db", "memory", "--studio-db", db]);
    try {
      expect(serve.stdout()).toContain(`versions    conference-trip v1, order-refund from disk (no passing version) (.scratch-studio-cli/${process.pid}/serve-versions.sqlite)`);
      const token = ((await (await fetch(`${serve.url}/sessions`, { method: "POST" })).json()) as { token: string }).token;
      const driver = new AguiDriver(serve.url, token, "v1");
      expect((await driver.say("I need a conference trip")).text).toContain("Which conference is it this time?");
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    const nodb = await run(["serve", "skills", "--studio-db", join(SCRATCH, "none.sqlite")]);
    expect([nodb.code, nodb.stderr.trim()]).toEqual([2, `flow serve: no Studio database at .scratch-studio-cli/${process.pid}/none.sqlite: save a version in flow studio first, or pass --studio-db with its database`]);
  });
});

describe("flow draft", () => {
  const draft = async (sentence: string, options: Parameters<typeof runDraft>[1], replies: string[]) => {
    const chat = new ScriptedChatModel(replies, { strict: true });
    const mem = memoryIo(ROOT);
    const code = await runDraft(sentence, options, mem.io, draftModelOf(chat as unknown as TextChatModel, "scripted"));
    return { code, stdout: mem.stdout(), stderr: mem.stderr(), chat };
  };

  it("writes a draft beside --tools only when it passes; one that never passes writes nothing", async () => {
    const folder = join(SCRATCH, "draft/conference-trip"); // an Agent Skill's folder is its name
    cpSync(join(ROOT, "skills/conference-trip"), folder, { recursive: true });
    const refused = await draft("Book a conference trip", { tools: join(folder, "tools.ts"), force: true, rounds: "2" }, [ungated, `<skill_md>${ungated}</skill_md>`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe("flow draft: no draft passed the check in 2 rounds; nothing was written");
    expect(refused.stdout).toContain("round 2: refused, 4 errors\n  SKILL.md:");
    expect(refused.stdout).toContain("The last draft (round 2):\n---\nname: conference-trip");
    expect(readFileSync(join(folder, "SKILL.md"), "utf8")).toBe(tripText);
    const written = await draft("Book a conference trip", { tools: join(folder, "tools.ts"), force: true }, [`<skill_md>${ungated}</skill_md>`, `<skill_md>${asked}</skill_md>`]);
    expect(written.code).toBe(0);
    expect(written.stdout).toMatch(/^drafting with scripted, at most 3 rounds, for the tools of \S+tools\.ts\nround 1: refused, 4 errors\n/);
    expect(written.stdout).toContain(`round 2: passes the check\nwrote .scratch-studio-cli/${process.pid}/draft/conference-trip/SKILL.md\n`);
    expect(written.chat.prompts[1]!.messages.at(-1)!.content).toContain("error ungated-write");
    expect(readFileSync(join(folder, "SKILL.md"), "utf8")).toBe(asked);
  });

  it("without --tools, writes SKILL.md and typed stubs to -o DIR, and flow check passes on them", async () => {
    const out = join(SCRATCH, "note-taker");
    const skill = "---\nname: note-taker\ndescription: Takes a note.\n---\n\n# Note taker\n\n## Fields\n\n```yaml\nnote: { text: true }\n```\n\n## Steps\n\n```yaml\n- ask: { note: \"What should I note?\" }\n- confirm: { save: \"Save the note {note}?\" }\n- do: save_note\n- say: \"Saved as {save_note.id}.\"\n```\n";
    const tools = "- name: save_note\n  kind: write\n  card: \"Save the note {note}\"\n  input: { note: string }\n  output: { id: string }";
    const result = await draft("Take a note", { out }, [`<skill_md>${skill}</skill_md><tools_yaml>${tools}</tools_yaml>`]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("(stubs: each tool throws until it is written)");
    expect(readFileSync(join(out, "tools.ts"), "utf8")).toContain('action({\n    name: "save_note",');
    const checked = await run(["check", out]);
    expect([checked.code, checked.stdout.trim()]).toEqual([0, "1 skill checked: no problems"]);
    const again = await draft("Take a note", { out }, []);
    expect([again.code, again.stderr.trim()]).toEqual([2, `flow draft: .scratch-studio-cli/${process.pid}/note-taker/SKILL.md exists: pass --force to replace it, or draft for its tools with --tools`]);
  });

  it.each([
    [{}, "flow draft: give --tools FILE (a skill's tools.ts), or -o DIR to draft a new skill there with tool stubs"],
    [{ tools: "skills/conference-trip/tools.ts", out: "elsewhere" }, "flow draft: with --tools the draft goes beside that tools.ts (the loader reads tools.ts from the skill's folder): leave out -o"],
    [{ tools: "skills/conference-trip/tools.ts" }, "flow draft: skills/conference-trip/SKILL.md exists: pass --force to replace it (flow studio keeps versions)"],
    [{ tools: "skills/nope/tools.ts" }, "flow draft: tools file not found: skills/nope/tools.ts"],
    [{ out: "x", rounds: "0" }, 'flow draft: --rounds is a whole number from 1 to 10, not "0"'],
  ])("%j → exit 2 with one sentence", async (options, message) => {
    const result = await draft("Book a trip", options, []);
    expect([result.code, result.stderr.trim()]).toEqual([2, message]);
  });

  it("without a model key the command says so", async () => {
    const result = await run(["draft", "Book a trip", "-o", join(SCRATCH, "keyless")], { GOOGLE_API_KEY: "" });
    expect([result.code, result.stderr.trim()]).toEqual([2, "flow draft: drafting needs a model: set GOOGLE_API_KEY, or pass --model provider:name (openai:…, anthropic:…, ollama:…) with its key; the offline extractor only fills fields and cannot write a skill"]);
  });
});
