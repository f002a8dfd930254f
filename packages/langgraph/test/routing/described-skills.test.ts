/**
 * Which hosted skills the prompt describes in full (routing/choose-described-skills.ts), chosen with a
 * BM25 index and no model (routing/rank-skills.ts), and what that does to the one model call: the
 * prompt of a flow hosting many skills grows by one short menu line per skill, not by their fields, and
 * a message about a skill left on the menu still reaches it.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Skill } from "@skillflow/core";
import { loadSkill, loadSkillText } from "@skillflow/core/loader";
import { createFlow } from "../../src/create-flow.js";
import { chooseDescribedSkills, RANKED_BESIDE_ACTIVE, RANKED_IN_FULL } from "../../src/routing/choose-described-skills.js";
import { rankSkills } from "../../src/routing/rank-skills.js";
import { countTokens } from "../../src/models/count-tokens.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const NO_TOOLS = { collected: { infos: {}, runnables: {}, diagnostics: [] } };
const THINGS = ["parking permit", "meeting room", "library card", "expense claim", "laptop repair", "gym membership", "train ticket", "insurance claim"];
const VERBS = ["renew", "cancel", "report", "request"];

/** A plausible skill with two fields: `<verb>-<thing>`. */
async function officeSkill(verb: string, thing: string): Promise<Skill> {
  const name = `${verb}-${thing.replaceAll(" ", "-")}`;
  const text = `---
name: ${name}
description: ${verb[0]!.toUpperCase()}${verb.slice(1)} a ${thing} for the signed-in employee, within the office policy.
---

## Fields

\`\`\`yaml
${thing.replaceAll(" ", "_")}_ref:
  pattern: "^[A-Z0-9-]{4,12}$"
  description: the reference of the ${thing}, as printed on it
urgency:
  choices: [low, high]
  synonyms: { high: [urgent, asap] }
  description: how soon the ${thing} request is needed
\`\`\`

## Steps

\`\`\`yaml
- ask: { ${thing.replaceAll(" ", "_")}_ref: "What is the reference of the ${thing}?" }
- ask: { urgency: "How urgent is it?" }
- say: "Filed."
\`\`\`
`;
  const loaded = await loadSkillText(`/office/${name}/SKILL.md`, text, { tools: NO_TOOLS });
  if (!loaded.skill) throw new Error(loaded.diagnostics.map((d) => d.reason).join("; "));
  return loaded.skill;
}

async function officeSkills(count: number): Promise<Skill[]> {
  const skills: Skill[] = [];
  for (let i = 0; i < count; i++) skills.push(await officeSkill(VERBS[i % VERBS.length]!, THINGS[Math.floor(i / VERBS.length) % THINGS.length]!));
  return skills;
}

const humanAgent = async () => (await loadSkill(fileURLToPath(new URL("../../../../skills/retail/human-agent", import.meta.url)))).skill!;
const hosted = (skills: Skill[]) => skills.map((skill) => ({ skill }));

describe("ranking the hosted skills for a message (BM25, no model)", () => {
  it("puts first the skill whose name, description and fields share the message's words, stemmed", async () => {
    const skills = hosted(await officeSkills(32));
    const ranked = rankSkills(skills, "My laptop screen broke, I need it repaired urgently").map((r) => r.name);
    expect(ranked[0]).toMatch(/laptop-repair$/);
    expect(rankSkills(skills, "Renewing my parking permits")[0]!.name).toBe("renew-parking-permit");
  });

  it("finds nothing for a message of stop words only, or of words no skill has", async () => {
    const skills = hosted(await officeSkills(8));
    expect(rankSkills(skills, "and the of it")).toEqual([]);
    expect(rankSkills(skills, "zebra")).toEqual([]);
  });
});

describe("the skills described in full", () => {
  it("with few skills hosted, every one", async () => {
    const skills = hosted(await officeSkills(3));
    expect(chooseDescribedSkills(skills, null, "zebra").size).toBe(3);
  });

  it("with many, at most a fixed number of the best-ranked, and always the hand-off skill", async () => {
    const skills = hosted([...(await officeSkills(16)), await humanAgent()]);
    const opening = chooseDescribedSkills(skills, null, "I need to renew my parking permit and a library card, urgent");
    expect(opening.has("human-agent")).toBe(true);
    expect(opening.has("renew-parking-permit")).toBe(true);
    expect(opening.size).toBeLessThanOrEqual(RANKED_IN_FULL + 1);
    const during = chooseDescribedSkills(skills, "renew-parking-permit", "Cancel the library card instead");
    expect(during.has("renew-parking-permit")).toBe(false);
    expect(during.has("cancel-library-card")).toBe(true);
    expect(during.size).toBeLessThanOrEqual(RANKED_BESIDE_ACTIVE + 1);
    expect(chooseDescribedSkills(skills, null, "zebra")).toEqual(new Set(["human-agent"]));
  });
});

describe("the one model call of a flow hosting many skills", () => {
  async function openingPrompt(skills: Skill[], text: string, reply: Record<string, unknown> = {}) {
    const model = new ScriptedChatModel([reply]);
    const flow = await createFlow({ skills, model });
    const turn = await flow.send("t", { text });
    const system = String(model.prompts[0]!.messages[0]!.content);
    return { system, tokens: countTokens(system), turn };
  }

  it("grows by one short line per hosted skill, not by the skills' fields", async () => {
    const text = "I need to renew my parking permit, it's urgent";
    const few = await openingPrompt(await officeSkills(12), text);
    const many = await openingPrompt(await officeSkills(32), text);
    const perSkill = (many.tokens - few.tokens) / 20;
    expect(perSkill).toBeGreaterThan(0);
    expect(perSkill).toBeLessThanOrEqual(25);
    // The fields described are those of the skills described in full: the same with 12 or 32 hosted.
    const fieldsOf = (system: string) => system.slice(system.indexOf("Their fields:"), system.indexOf("More skills"));
    expect(fieldsOf(many.system)).toBe(fieldsOf(few.system));
    expect(many.system).toContain("- request-insurance-claim: Request a insurance claim for the signed-in employee\n");
    expect(many.system).not.toContain("insurance_claim_ref");
  });

  it("reaches a skill named only on the menu: it starts and asks for its fields", async () => {
    const skills = await officeSkills(32);
    const { system, turn } = await openingPrompt(skills, "Hello there", { skill: "report-train-ticket" });
    expect(system).toMatch(/their fields are asked once one is chosen\):[^]*- report-train-ticket: Report a train ticket for the signed-in employee\n/);
    expect(system).not.toContain("train_ticket_ref");
    expect(turn.skill).toBe("report-train-ticket");
    expect(turn.pending).toMatchObject({ kind: "ask", field: "train_ticket_ref" });
  });
});
