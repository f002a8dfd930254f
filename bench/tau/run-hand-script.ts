/**
 * A task whose right outcome is a refusal or a hand-off, played from a conversation written by hand
 * from its instructions (test/retail/train-scripts.ts: what the person types and what a model would
 * extract from it). Through `createFlow` only, on the task's own store, counted like the person's runs.
 */
import { createFlow, type TurnResult } from "@skillflow/langgraph";
import type { RetailStore } from "../../skills/retail/store/retail-store.js";
import { retailTools } from "../../skills/retail/tools.js";
import { TRAIN_SCRIPTS, type TrainScript } from "../../test/retail/train-scripts.js";
import type { RetailSkills } from "./load-skills.js";
import { MeteredScriptedModel } from "./persona-port.js";

export const HAND_SCRIPTS: ReadonlyMap<string, TrainScript> = new Map(TRAIN_SCRIPTS.map((s) => [s.id, s]));

export interface HandRun {
  notes: string[];
  writes: string[];
  model: MeteredScriptedModel;
}

export async function runHandScript(script: TrainScript, retail: RetailSkills, store: RetailStore): Promise<HandRun> {
  const model = new MeteredScriptedModel(script.turns.flatMap((t) => ("model" in t ? [t.model] : [])));
  const flow = await createFlow({ skills: retail.skills, tools: retailTools(store), model });
  const results: TurnResult[] = [];
  for (const turn of script.turns) {
    const pending = results.at(-1)?.pending;
    const card = pending?.kind === "confirm" ? pending.card.digest : undefined;
    const event = "press" in turn ? { press: turn.press, yes: turn.yes ?? true, ...(card ? { card } : {}) }
      : "pick" in turn ? { pick: turn.pick } : { text: turn.text };
    results.push(await flow.send(`tau-${script.id}`, event));
  }
  // The writes, and the hand-off to a human agent (a tool of its own kind, run with no yes).
  const writes = results.flatMap((r) => r.tools.filter((t) => t.kind !== "lookup" && t.ok).map((t) => t.tool));
  const notes: string[] = [];
  if (model.unscripted > 0) notes.push(`the flow called the model ${model.unscripted} time(s) more than the script has`);
  if (model.pending > 0) notes.push(`${model.pending} scripted extraction(s) were not used`);
  const shown = results.flatMap((r) => r.reply).join("\n");
  for (const text of script.says ?? []) if (!shown.includes(text)) notes.push(`the person was not shown "${text}"`);
  if (writes.join() !== script.writes.join()) notes.push(`writes ${writes.join(", ") || "none"}, the script expects ${script.writes.join(", ") || "none"}`);
  return { notes, writes, model };
}
