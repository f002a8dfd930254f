/**
 * Train tasks of τ²-bench retail driven through the retail skills (skills/retail/*), hosted together in
 * one conversation with `createFlow`, on a fresh store per task. The model is scripted: each extraction
 * is written by hand from the task's user instructions (who they are, which order, why, and the fallback
 * the scenario gives when the first wish is against the policy). Presses answer the card shown. The test
 * never calls a tool or touches the database itself; at the end the whole database is compared with the
 * benchmark's expected one (test/fixtures/retail/expected-train.json, the digest of the database after
 * the task's ground-truth actions).
 *
 * The tasks here are those the skills can complete today (see docs/retail.md, "The skills" for the rest
 * and why). Each request is a run of one skill; a second request starts signed in (the sign-in fields
 * are kept for the conversation), so its extraction carries no sign-in.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { importToolsBeside, loadSkill } from "@skillflow/core/loader";
import type { Skill } from "@skillflow/core";
import { createFlow, ScriptedChatModel, type TurnResult } from "@skillflow/langgraph";
import { createRetailStore, retailTools } from "../../skills/retail/tools.js";
import { digestOf } from "../../skills/retail/store/canonical.js";
import { readExpected } from "./expected.js";
import { RETURN_SCRIPTS, TRAIN_SCRIPTS, type Turn } from "./train-scripts.js";

const SKILLS = ["cancel-order", "change-order-payment", "modify-order-address", "change-default-address", "order-details", "profile", "human-agent", "return-items"];
const expected = new Map(readExpected("expected-train.json").tasks.map((t) => [t.id, t.db]));
let skills: Skill[] = [];

beforeAll(async () => {
  const fileOf = (name: string) => new URL(`../../skills/retail/${name}/SKILL.md`, import.meta.url).pathname;
  // Every retail skill's tools.ts is ../tools.ts: import it once, for all of them.
  const tools = await importToolsBeside(fileOf(SKILLS[0]!));
  skills = await Promise.all(SKILLS.map(async (name) => {
    const loaded = await loadSkill(fileOf(name), { tools });
    if (!loaded.skill) throw new Error(`${name} does not load: ${JSON.stringify(loaded.diagnostics)}`);
    return loaded.skill;
  }));
}, 30_000);

/** Plays a task's turns; returns every turn's result. A press answers the card the last turn showed. */
async function play(id: string, turns: readonly Turn[]) {
  const store = createRetailStore();
  const replies = turns.flatMap((t) => ("model" in t ? [t.model] : []));
  const model = new ScriptedChatModel(replies);
  const flow = await createFlow({ skills, tools: retailTools(store), model });
  const results: TurnResult[] = [];
  for (const turn of turns) {
    const last = results.at(-1);
    const card = last?.pending.kind === "confirm" ? last.pending.card.digest : undefined;
    const event = "press" in turn ? { press: turn.press, yes: turn.yes ?? true, ...(card ? { card } : {}) }
      : "pick" in turn ? { pick: turn.pick } : { text: turn.text };
    results.push(await flow.send(`task-${id}`, event));
  }
  return { store, model, results };
}

describe("train tasks through the retail skills", () => {
  for (const script of [...TRAIN_SCRIPTS, ...RETURN_SCRIPTS]) {
    test(`task ${script.id}: ${script.title}`, async () => {
      const { store, model, results } = await play(script.id, script.turns);
      expect(model.unscripted, "every model call was scripted").toBe(0);
      const shown = results.flatMap((r) => r.reply).join("\n");
      for (const text of script.says ?? []) expect(shown).toContain(text);
      // The writes, and the hand-off to a human agent (a tool of its own kind, run with no yes).
      expect(results.flatMap((r) => r.tools.filter((t) => t.kind !== "lookup" && t.ok).map((t) => t.tool))).toEqual(script.writes);
      expect(digestOf(store.db), "the database is the benchmark's expected one").toBe(expected.get(script.id));
    });
  }
});
