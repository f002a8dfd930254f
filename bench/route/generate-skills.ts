/**
 * Plausible skills to host beside the retail ones, made without a model: an office's requests, each a
 * verb and a thing ("renew-parking-permit": "Renew a parking permit for the signed-in employee."), with
 * three fields of the thing's own kinds (a date, a choice with synonyms, a reference) and their
 * questions. Sizes like the retail skills': a one-sentence description, fields with descriptions.
 * Deterministic: the same count gives the same skills. Loaded with the real loader (no tools).
 */
import { loadSkillText } from "@skillflow/core/loader";
import type { Skill } from "@skillflow/core";

const VERBS = ["book", "renew", "cancel", "report", "request", "update", "track", "pay", "transfer", "close"];
const THINGS: Array<{ thing: string; what: string; choice: [string, string[]]; ref: string }> = [
  { thing: "parking-permit", what: "a parking permit for a car park on site", choice: ["zone", ["north", "south", "visitor"]], ref: "plate" },
  { thing: "meeting-room", what: "a meeting room in one of the offices", choice: ["size", ["small", "medium", "large"]], ref: "room_code" },
  { thing: "library-card", what: "a card of the company library", choice: ["branch", ["main", "east", "west"]], ref: "card_number" },
  { thing: "expense-claim", what: "a claim for expenses paid out of pocket", choice: ["category", ["travel", "meals", "equipment"]], ref: "claim_id" },
  { thing: "laptop-repair", what: "a repair of a company laptop", choice: ["fault", ["screen", "battery", "keyboard"]], ref: "asset_tag" },
  { thing: "gym-membership", what: "a membership of the staff gym", choice: ["plan", ["monthly", "yearly", "pass"]], ref: "member_id" },
  { thing: "train-ticket", what: "a train ticket for a business trip", choice: ["class", ["standard", "first", "flexible"]], ref: "booking_ref" },
  { thing: "insurance-claim", what: "a claim on the staff health insurance", choice: ["cover", ["dental", "optical", "hospital"]], ref: "policy_number" },
  { thing: "vacation-request", what: "a request for days of paid leave", choice: ["kind", ["annual", "unpaid", "parental"]], ref: "request_id" },
];

/** The first `count` skills (at most 90), in a fixed order. */
export async function generateSkills(count: number): Promise<Skill[]> {
  const skills: Skill[] = [];
  for (let i = 0; i < count; i++) {
    const verb = VERBS[i % VERBS.length]!;
    const spec = THINGS[Math.floor(i / VERBS.length) % THINGS.length]!;
    const name = `${verb}-${spec.thing}`;
    const loaded = await loadSkillText(`/generated/${name}/SKILL.md`, skillText(verb, spec), { tools: { collected: { infos: {}, runnables: {}, diagnostics: [] } } });
    if (!loaded.skill) throw new Error(`generated skill ${name} does not load: ${loaded.diagnostics.map((d) => d.reason).join("; ")}`);
    skills.push(loaded.skill);
  }
  return skills;
}

function skillText(verb: string, spec: (typeof THINGS)[number]): string {
  const [choice, options] = spec.choice;
  const words = spec.thing.replaceAll("-", " ");
  return `---
name: ${verb}-${spec.thing}
description: ${verb[0]!.toUpperCase()}${verb.slice(1)} ${spec.what}, for the signed-in employee.
---

# ${verb} ${words}

## Fields

\`\`\`yaml
${choice}:
  choices: [${options.join(", ")}]
  synonyms:
    ${options[0]}: [the ${options[0]} one, usual ${options[0]}]
  description: which ${choice} of ${words}
${spec.ref}:
  pattern: "^[A-Z0-9-]{4,12}$"
  description: the reference of the ${words}, as printed on it
from_date:
  date: true
  description: the day the ${words} ${verb === "cancel" || verb === "close" ? "ends" : "starts"}
\`\`\`

## Steps

\`\`\`yaml
- ask: { ${choice}: "Which ${choice}: ${options.join(", ")}?" }
- ask: { ${spec.ref}: "What is its reference?" }
- ask: { from_date: "From which day?" }
- say: "Your ${words} request (${verb}) is filed for {from_date}."
\`\`\`
`;
}
