/**
 * The procedure of a skill with a `decide` (issue 38 C): the step reads as a choice between its options
 * (by the person, or by a role, with its `no`), says it covers no change, and the decision is a row of
 * "Who provides what" with its step, question, options and who may give it.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadSkill } from "@skillflow/core/loader";
import { renderProcedure, type Skill } from "@skillflow/core";

const root = fileURLToPath(new URL("..", import.meta.url));
const load = async (path: string): Promise<Skill> => {
  const loaded = await loadSkill(join(root, path));
  if (!loaded.skill) throw new Error(`${path} does not load`);
  return loaded.skill;
};

describe("the procedure of a decide", () => {
  it("by the person: the options in words, never from the model, covering no change", async () => {
    const md = renderProcedure(await load("test/fixtures/decide/escalation"), "markdown");
    expect(md).toContain('- **2** Ask the person to choose: "Three reviews of {ticket} without approval. What now?" (`escalation`): `send_back` "Send it back to the developer", or `stop` "Stop the work"');
    expect(md).toContain("  - The choice comes only from the person: a button, or an option's key or words typed; never from the model");
    expect(md).toContain("  - It covers no change: a write after it still needs a confirm");
    expect(md).toContain('| `escalation` | 2 | "Three reviews of {ticket} without approval. What now?" | one of the options: send_back, stop | the person only (a choice at its question: a button, or an option typed) |');
  });

  it("by a role: the role chooses, and its no is a way of its own", async () => {
    const md = renderProcedure(await load("test/fixtures/decide/escalation-lead"), "markdown");
    expect(md).toContain('- **2** Ask the `lead` role to choose: "Three reviews of {ticket} without approval. What now?" (`escalation`)');
    expect(md).toContain("  - The choice comes only from that role, outside the conversation; a no from `lead` is the way `no` of its own");
    expect(md).toContain("| one of the options: send_back, stop, or no | the `lead` role only (a choice from outside the conversation; a rejection is `no`) |");
  });
});
