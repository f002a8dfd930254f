/**
 * What the hand-off tests on the hosted retail skills share (test/retail/handoff-ends.test.ts and
 * test/guarantees/red-team-handoff.test.ts): the three skills hosted, the sentences said, the cancel a
 * person asks for after the hand-off, and the store's tools with the transfer's idempotency keys logged.
 */
import { importToolsBeside, loadSkill } from "@skillflow/core/loader";
import type { Skill, ToolDefinition } from "@skillflow/core";
import { retailTools } from "../../skills/retail/tools.js";
import type { RetailStore } from "../../skills/retail/store/retail-store.js";

export const SKILLS = ["profile", "cancel-order", "human-agent"];
export const TOLD = "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.";
export const WITH_AGENT = "You are with a human agent now: this conversation was handed over to them, so nothing more is done here.";
export const CANCEL = "Cancel my pending order #W2564042, I'm Yusuf Garcia, zip 20080. I don't need it anymore.";
export const CANCEL_MODEL = { skill: "cancel-order", sign_in: "name_and_zip", first_name: "Yusuf", last_name: "Garcia", zip: "20080", order_id: "#W2564042", reason: "no longer needed" };

/** The hosted skills, loaded with the retail tools imported once. */
export async function loadHandoffSkills(): Promise<Skill[]> {
  const fileOf = (name: string) => new URL(`../../skills/retail/${name}/SKILL.md`, import.meta.url).pathname;
  const tools = await importToolsBeside(fileOf(SKILLS[0]!));
  return Promise.all(SKILLS.map(async (name) => (await loadSkill(fileOf(name), { tools })).skill!));
}

/** The store's tools, the transfer pushing the idempotency key of every call it gets to `keys`. */
export function toolsLoggingTransfers(store: RetailStore, keys: string[]): ToolDefinition[] {
  return retailTools(store).map((t): ToolDefinition => t.name !== "transfer_to_human_agents" ? t
    : { ...t, run: (input, context) => (keys.push(context.idempotencyKey), t.run(input, context)) });
}
