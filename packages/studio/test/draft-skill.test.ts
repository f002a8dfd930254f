/**
 * Drafting with the scripted model: the model only proposes text and the loader decides. A first draft
 * with an ungated write is refused, and the second prompt carries the located diagnostic; the second
 * draft passes. A draft that never passes ends after N rounds with its diagnostics. Without tools.ts the
 * model proposes tools as data: the tools.ts written from them loads with the real loader, gives the
 * tools the check used, and each stub throws "not implemented". Without a model and key, it says so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { importToolsBeside, loadSkill } from "@skillflow/core/loader";
import { ScriptedChatModel } from "@skillflow/langgraph";
import { draftModelOf, draftSkill, resolveDraftModel, type TextChatModel } from "@skillflow/studio";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const REFUND = join(ROOT, "skills/order-refund");
const SENTENCE = "Refund one item of an order; above 100 EUR a supervisor approves";
const passing = readFileSync(join(REFUND, "SKILL.md"), "utf8");
/** The refund skill without the customer's confirm before create_return: an ungated write. */
const ungated = passing.replace(/\n\s*- confirm: \{ refund_item: [^\n]*/, "");
const ungatedLine = ungated.split("\n").findIndex((l) => l.includes("- do: create_return")) + 1;

const scripted = (replies: string[]) => {
  const chat = new ScriptedChatModel(replies, { strict: true });
  return { chat, model: draftModelOf(chat as unknown as TextChatModel, "scripted") };
};

describe("draftSkill with tools.ts", () => {
  it("refuses a first draft with an ungated write, sends its located diagnostic in the second prompt, and keeps the second draft that passes", async () => {
    const tools = await importToolsBeside(join(REFUND, "SKILL.md"));
    const { chat, model } = scripted([`Here it is:\n<skill_md>\n${ungated}</skill_md>`, `<skill_md>\n${passing}</skill_md>`]);
    const result = await draftSkill({ sentence: SENTENCE, model, file: join(REFUND, "SKILL.md"), tools });
    expect(result.passes).toBe(true);
    expect(result.rounds.map((r) => r.passes)).toEqual([false, true]);
    const refused = result.rounds[0]!.diagnostics.find((d) => d.ruleId === "ungated-write")!;
    expect(refused).toMatchObject({ file: "SKILL.md", line: ungatedLine, severity: "error" });
    expect(chat.prompts).toHaveLength(2);
    const [first, second] = chat.prompts.map((p) => p.messages.map((m) => m.content).join("\n"));
    expect(first).toContain(SENTENCE);
    expect(first).toContain("- issue_refund, write (changes something: needs a confirm)");
    expect(first).not.toContain("ungated-write");
    expect(second).toContain(`SKILL.md:${ungatedLine}:${refused.column} error ungated-write: ${refused.reason}`);
    expect(second).toContain(ungated.trimEnd());
    expect(result.last.skill).toBe(passing);
  });

  it("ends after N rounds when no draft passes, with each round's diagnostics", async () => {
    const tools = await importToolsBeside(join(REFUND, "SKILL.md"));
    const { chat, model } = scripted([ungated, `<skill_md>\n${ungated}</skill_md>`, "I cannot do that."]);
    const result = await draftSkill({ sentence: SENTENCE, model, file: join(REFUND, "SKILL.md"), tools, rounds: 3 });
    expect(result.passes).toBe(false);
    expect(result.rounds).toHaveLength(3);
    expect(chat.prompts).toHaveLength(3);
    expect(result.rounds[1]!.diagnostics.some((d) => d.ruleId === "ungated-write" && d.line === ungatedLine)).toBe(true);
    // A reply with no SKILL.md in it is refused by the loader like any other text.
    expect(result.rounds[2]!.skill).toBe("");
    expect(result.rounds[2]!.diagnostics.some((d) => d.severity === "error")).toBe(true);
    expect(result.last).toBe(result.rounds[2]);
  });
});

const STUB_SKILL = `---
name: greet-and-note
description: Greets a person and writes a note.
---

# Greet and note

## Fields

\`\`\`yaml
who: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { who: "What is your name?" }
- do: find_person
- say: "Hello {find_person.display_name}."
- confirm: { note: "Write a note for {who}?" }
- do: write_note
- say: "Note {write_note.note_id} written."
\`\`\`
`;

const STUB_TOOLS = `- name: find_person
  kind: lookup
  description: A person by name.
  input: { who: string }
  output: { display_name: string, visits: integer, tags: [string] }
- name: write_note
  kind: write
  card: "Write a note for {who} (urgent: {urgent})"
  input: { who: string, "urgent?": boolean }
  output: { note_id: string }`;

describe("draftSkill without tools.ts: typed stubs", () => {
  const folder = join(ROOT, ".scratch-draft-stubs", String(process.pid), "greet-and-note");
  afterAll(() => rmSync(join(ROOT, ".scratch-draft-stubs"), { recursive: true, force: true }));

  it("checks the proposed tools as the written tools.ts loads them, and each stub throws until it is written", async () => {
    const badTools = STUB_TOOLS.replace("visits: integer", "visits: whole_number");
    const { chat, model } = scripted([`<skill_md>${STUB_SKILL}</skill_md><tools_yaml>\n${badTools}\n</tools_yaml>`, `<skill_md>${STUB_SKILL}</skill_md>\n<tools_yaml>\n${STUB_TOOLS}\n</tools_yaml>`]);
    const result = await draftSkill({ sentence: "Greet a person and write a note", model, file: join(folder, "SKILL.md") });
    // An Agent Skill is named after its folder: the model is told the name.
    expect(chat.prompts[0]!.messages.map((m) => m.content).join("\n")).toContain("Name the skill `greet-and-note` (`name: greet-and-note`)");
    expect(result.rounds[0]!.passes).toBe(false);
    expect(result.rounds[0]!.diagnostics.find((d) => d.file === "tools (proposed)")?.reason).toContain('"whole_number"');
    expect(result.passes).toBe(true);
    const source = result.last.tools!.source;
    expect(source).toContain("input: z.object({ who: z.string(), urgent: z.boolean().optional() })");
    // A write's card words, proposed with it, are written on it, so its card reads as words.
    expect(source).toContain('card: "Write a note for {who} (urgent: {urgent})",');

    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "SKILL.md"), result.last.skill);
    writeFileSync(join(folder, "tools.ts"), source);
    const loaded = await loadSkill(folder);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.skill!.tools.find_person).toMatchObject({ kind: "lookup", description: "A person by name." });
    expect(loaded.skill!.tools.find_person!.output).toEqual({ t: "object", fields: { display_name: { t: "string" }, visits: { t: "int" }, tags: { t: "list", of: { t: "string" } } } });
    expect(loaded.skill!.tools.write_note).toMatchObject({ kind: "write", params: [{ name: "who", optional: false }, { name: "urgent", optional: true }] });
    const context = { idempotencyKey: "k", now: "2027-03-01T09:00:00Z", signal: new AbortController().signal };
    await expect(loaded.tools.write_note!.run({ who: "Ann" }, context)).rejects.toThrow("write_note is not implemented yet: write it in tools.ts.");
  });
});

describe("resolveDraftModel", () => {
  it("says so when there is no model or no key; the offline extractor cannot write a skill", async () => {
    await expect(resolveDraftModel(undefined, {})).rejects.toThrow(/^drafting needs a model: set GOOGLE_API_KEY, or pass --model provider:name/);
    await expect(resolveDraftModel("offline", {})).rejects.toThrow(/offline extractor only fills fields and cannot write a skill/);
    await expect(resolveDraftModel("gemini:gemini-2.5-flash", {})).rejects.toThrow("gemini:gemini-2.5-flash needs an API key to draft: set GOOGLE_API_KEY");
    await expect(resolveDraftModel("frob:x", {})).rejects.toThrow('unknown model provider "frob" in "frob:x"');
  });
});
