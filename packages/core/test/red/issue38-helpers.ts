/**
 * What the issue 38 red tests share: a skill document from its blocks, the approval requests a turn
 * filed, and the last question it asked.
 */
import type { Effect } from "../../src/runtime/types.js";
import type { Turn } from "../runtime/host.js";

/** A SKILL.md with the given fields, steps and (optionally) values blocks. */
export const doc = (fields: string, steps: string, values = "") => `---
name: red38
description: Attacks on issue 38's features together.
---
## Fields

\`\`\`yaml
${fields}\`\`\`

## Steps

\`\`\`yaml
${steps}\`\`\`
${values ? `\n## Values\n\n\`\`\`yaml\n${values}\`\`\`\n` : ""}`;

/** The approval requests the turn filed. */
export const requests = (turn: Turn) =>
  turn.effects.flatMap((e) => (e.type === "request_approval" ? [e.request] : []));

/** The last question the turn asked. */
export const question = (turn: Turn) => turn.effects.filter((e): e is Extract<Effect, { type: "ask" }> => e.type === "ask").at(-1);
