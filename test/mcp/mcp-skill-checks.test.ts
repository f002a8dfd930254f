/**
 * The checker over tools from an MCP server: a condition naming a field the server's output schema does
 * not have is a located load error, and the server's `readOnlyHint` counts only when tools.ts trusts it
 * (untrusted, conference-trip's lookups are writes, and the same SKILL.md does not load). Skills are
 * written under .tmp/ (git-ignored) so their tools.ts resolves @skillflow/mcp like a skill's would.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadSkill } from "@skillflow/core/loader";
import { closeMcpConnections } from "@skillflow/mcp";

const root = fileURLToPath(new URL("../..", import.meta.url));
const base = join(root, `.tmp/mcp-skill-checks-${process.pid}`);

afterAll(async () => {
  await closeMcpConnections();
  rmSync(base, { recursive: true, force: true });
});

/**
 * A skill folder with `skill` as SKILL.md (text, or a path to link to) and a tools.ts using the trip's
 * server. The folder is `variant/<the skill's name>`, as an Agent Skill's folder is named.
 */
function skillFolder(variant: string, skill: { text: string } | { link: string }, options: string): string {
  const dir = join(base, variant, "link" in skill ? "conference-trip" : /^name: (\S+)$/m.exec(skill.text)![1]!);
  mkdirSync(dir, { recursive: true });
  if ("link" in skill) symlinkSync(skill.link, join(dir, "SKILL.md"));
  else writeFileSync(join(dir, "SKILL.md"), skill.text);
  writeFileSync(join(dir, "tools.ts"), `import { mcpTools } from "@skillflow/mcp";
export default [
  mcpTools({ command: process.execPath, args: ["--import", "jiti/register", "mcp-server.ts"], cwd: ${JSON.stringify(join(root, "skills/conference-trip"))}, ${options} }),
];
`);
  return dir;
}

const QUOTE_SKILL = `---
name: quote-only
description: Price a trip.
---

# Quote only

## Fields

\`\`\`yaml
conference: { lookup: find_conference }
nights: { number: { min: 1, max: 14 } }
\`\`\`

## Steps

\`\`\`yaml
- ask: { conference: "Which conference?" }
- ask: { nights: "How many nights?" }
- ask: { flight_id: "Which flight?" }
  from: search_flights.flights
- ask: { hotel_id: "Which hotel?" }
  from: search_hotels.hotels
- when: quote_trip.totl > quote_trip.budget
  steps:
    - say: "Over budget."
\`\`\`
`;

describe("checking a skill against an MCP server's tools", () => {
  it("reports a wrong field name in a condition over an MCP tool's output, located in SKILL.md", async () => {
    const dir = skillFolder("typo", { text: QUOTE_SKILL }, "trusted: true");
    const loaded = await loadSkill(dir, { importTimeoutMs: 60_000 });
    expect(loaded.skill).toBeUndefined();
    expect(loaded.diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([["unknown-reference", 24, 20]]);
    expect(loaded.diagnostics[0].reason).toContain("totl");
    expect(loaded.diagnostics[0].fix).toContain("total");
  });

  it("takes the trip's lookups as writes from an untrusted server: the same SKILL.md does not load", async () => {
    const dir = skillFolder("untrusted", { link: join(root, "skills/conference-trip/SKILL.md") }, "trusted: false");
    const loaded = await loadSkill(dir, { importTimeoutMs: 60_000 });
    expect(loaded.skill).toBeUndefined();
    const rules = new Set(loaded.diagnostics.map((d) => d.ruleId));
    expect(rules).toContain("bad-lookup-shape");
    expect(rules).toContain("ungated-write");
    expect(loaded.diagnostics.every((d) => d.file.endsWith("SKILL.md"))).toBe(true);
  });

  it("loads it when tools.ts names the lookups itself (readOnly), trust or not", async () => {
    const readOnly = ["find_conference", "search_flights", "check_arrival", "search_hotels", "quote_hotel", "quote_cab", "quote_trip", "verify_code"];
    const dir = skillFolder("read-only", { link: join(root, "skills/conference-trip/SKILL.md") }, `readOnly: ${JSON.stringify(readOnly)}`);
    const loaded = await loadSkill(dir, { importTimeoutMs: 60_000 });
    expect(loaded.diagnostics).toEqual([]);
    expect(Object.values(loaded.skill!.tools).filter((t) => t.kind === "write").map((t) => t.name).sort()).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
  });
});
