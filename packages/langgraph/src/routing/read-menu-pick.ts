/**
 * Text typed at the menu of skills (several hosted, none in progress — the turn showed the numbered
 * menu): a number picks that skill, as does a skill's name or title typed alone, with no model call —
 * the same for every host (the chat page, `flow chat`, an embedding app). A number that is not on the
 * menu is answered with the numbers that are. Anything else is a message for the model. Pure.
 */
import { choosesSkills, type HostDeps } from "../graph/host-deps.js";
import type { HostEvent } from "../to-flow-event.js";
import type { RoutingState } from "./routing-state.js";

export type MenuPick =
  /** Open this skill, as an `open` event would. */
  | { open: string }
  /** A number that is not on the menu: say so, and show the menu again. */
  | { refuse: string };

/** What `input` is at the menu, or undefined when it is not a pick from it (or no menu is shown). */
export function readMenuPick(deps: HostDeps, routing: RoutingState | undefined, input: HostEvent | null): MenuPick | undefined {
  if (input?.type !== "text" || input.extraction || !choosesSkills(deps) || routing?.active) return undefined;
  const text = input.text.trim();
  const skills = deps.skills.map((h) => h.skill);
  if (/^\d{1,6}$/.test(text)) {
    const n = Number(text);
    if (n >= 1 && n <= skills.length) return { open: skills[n - 1]!.name };
    return { refuse: `There are ${skills.length} skills: type a number from 1 to ${skills.length}.` };
  }
  const said = plain(text);
  const named = skills.find((s) => plain(s.name) === said || plain(s.title) === said);
  return named ? { open: named.name } : undefined;
}

function plain(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, " ").trim();
}
