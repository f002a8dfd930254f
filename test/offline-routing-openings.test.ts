/**
 * The offline extractor routes the example proofs' own opening lines. Each proof scripts its model, so
 * the proofs alone never show that `flow chat skills` with no key understands "Book me for the Lisbon
 * AI Summit, 3 nights". Here the first `user:` line of every proof under proofs/ goes, as the first
 * message of a new conversation, through a flow hosting every example skill (a routing proof: the
 * skills it hosts) with `offlineModel()` — the real host, so lookups answer through the routing probe.
 *
 * - A proof that opens the conversation (no `fixtures: answers:`) must start its skill; in proofs/routing
 *   the skill its first turn starts (`model: { skill }`), or none when it expects `active: none`.
 * - A proof that starts mid-conversation (preset answers) has a line said at a later point ("Show me the
 *   total" at the checkout): it must start the proof's skill or none, never another one.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createFlow, type Flow } from "@skillflow/langgraph";
import { offlineModel } from "@skillflow/langgraph/models";

const root = fileURLToPath(new URL("..", import.meta.url));
// The example skills (folders holding a SKILL.md; skills/retail is a folder of skills with its own proofs).
const allSkills = readdirSync(join(root, "skills"), { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(root, "skills", e.name, "SKILL.md"))).map((e) => join(root, "skills", e.name));

interface Opening {
  file: string;
  line: string;
  /** The hosted skills (folders). */
  hosted: string[];
  /** The skill it must start; null: none. */
  expected: string | null;
  /** Said mid-conversation: the proof's skill or none is right. */
  midway: boolean;
}

/** Proof folders about the example skills (proofs/confirms proves the confirm rules on fixture skills). */
const exampleFolders = readdirSync(join(root, "proofs")).filter((f) => f === "routing" || existsSync(join(root, "skills", f, "SKILL.md")));

function openings(): Opening[] {
  const out: Opening[] = [];
  for (const folder of exampleFolders) {
    for (const name of readdirSync(join(root, "proofs", folder)).filter((n) => n.endsWith(".proof.yaml")).sort()) {
      const file = join("proofs", folder, name);
      const proof = parse(readFileSync(join(root, file), "utf8")) as {
        skill?: string; skills?: string[]; fixtures?: { answers?: object };
        turns: Array<{ user?: string; model?: { skill?: string }; expect?: { active?: string } }>;
      };
      const first = proof.turns.find((t) => typeof t.user === "string");
      if (!first) continue;
      const at = (p: string) => resolve(root, "proofs", folder, p);
      const hosted = proof.skills ? proof.skills.map(at) : allSkills;
      const skillName = (path: string) => path.split("/").filter(Boolean).at(-1)!;
      const expected = proof.skills
        ? first.model?.skill ?? (first.expect?.active === "none" ? null : skillName(at(proof.skills[0]!)))
        : skillName(at(proof.skill!));
      const midway = Boolean(proof.fixtures?.answers) || proof.turns[0] !== first;
      out.push({ file, line: first.user!, hosted, expected, midway });
    }
  }
  return out;
}

const all = openings();
const flows = new Map<string, Promise<Flow>>();
const flowFor = (hosted: string[]) => {
  const key = hosted.join("|");
  if (!flows.has(key)) flows.set(key, createFlow({ skills: hosted, model: offlineModel(), now: "2027-03-01T09:00:00Z" }));
  return flows.get(key)!;
};
let thread = 0;
const routeOf = async (o: Opening) => (await (await flowFor(o.hosted)).send(`opening-${++thread}`, { text: o.line })).skill ?? null;

describe("the opening line of every example proof, through the offline extractor", () => {
  it("covers every proof file, a routing proof among them", () => {
    const proofs = exampleFolders.flatMap((f) => readdirSync(join(root, "proofs", f)).filter((p) => p.endsWith(".proof.yaml")));
    expect(all.length).toBe(proofs.length);
    expect(all.some((o) => o.file.startsWith("proofs/routing/"))).toBe(true);
    expect(all.filter((o) => !o.midway).length).toBeGreaterThanOrEqual(12);
  });

  it.each(all.filter((o) => !o.midway).map((o) => [o.file, o.line, o] as const))("%s: %j starts its skill", async (_file, _line, o) => {
    expect(await routeOf(o)).toBe(o.expected);
  });

  it.each(all.filter((o) => o.midway).map((o) => [o.file, o.line, o] as const))("%s (said mid-way): %j starts its skill or none", async (_f, _l, o) => {
    expect([o.expected, null]).toContain(await routeOf(o));
  });
});
