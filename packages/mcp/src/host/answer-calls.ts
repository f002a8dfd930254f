/**
 * The two calls that move a conversation: the person's message, passed on by the host's model (a skill
 * tool), and a click in the widget (the app-only tool). Both run a turn, then ask the person for what only
 * they may give (person-steps.ts), and answer with the turn view and, for a widget the MCP App shows, a
 * fresh token in `_meta`.
 *
 * A message that arrives while a secret is pending is not applied: the runtime would take text that
 * matches the pattern as typed by the person, and here the text comes from the model. For the same
 * reason every message is sent `relayed`: a "yes" at a card or a row's words at a grid from the host's
 * model are not the person's press or pick (those come by elicitation or the app's click).
 */
import type { TurnResult } from "@skillflow/langgraph";
import { describeForModel } from "./describe-for-model.js";
import { threadOf, type HostedSkill, type PersonChannel } from "./hosted-skill.js";
import { messageNotUsed } from "./person-words.js";
import { runPersonSteps, type PersonOutcome } from "./person-steps.js";
import { pendingView, turnView } from "./turn-view.js";
import { WIDGET_TOKEN_META, type WidgetTokens } from "./widget-tokens.js";

export interface HostState {
  skills: Map<string, HostedSkill>;
  tokens: WidgetTokens;
}

export interface Click {
  skill: string;
  conversation: string;
  token: string;
  /** A row's id, or for a pick of several rows the list of the ids ticked. */
  pick?: { field: string; value: string | string[] } | undefined;
  press?: { confirm: string; yes: boolean } | undefined;
}

export async function answerMessage(state: HostState, hosted: HostedSkill, message: string, conversation: string, channel: PersonChannel) {
  const thread = threadOf(hosted.skill.name, conversation);
  const before = await hosted.flow.state(thread);
  state.tokens.drop(thread);
  let first: TurnResult;
  let note: string | undefined;
  if (before?.pending?.kind === "ask" && before.pending.secret) {
    first = await hosted.flow.send(thread, { preset: {} });
    const pending = pendingView(first.pending, first);
    if (pending?.kind === "secret") note = messageNotUsed(pending);
  } else {
    first = await hosted.flow.send(thread, { text: message, relayed: true });
  }
  return respond(state, hosted, conversation, await runPersonSteps(hosted, thread, first, channel), note);
}

export async function answerClick(state: HostState, click: Click, channel: PersonChannel) {
  const hosted = state.skills.get(click.skill);
  if (!hosted) throw new Error(`No skill named ${click.skill} is served here.`);
  if ((click.pick === undefined) === (click.press === undefined)) throw new Error("A click is either a pick or a press.");
  const thread = threadOf(click.skill, click.conversation);
  if (!state.tokens.redeem(thread, click.token)) throw new Error("This widget is out of date, or was not shown by this server: nothing was applied.");
  const input = click.pick ? { pick: { [click.pick.field]: click.pick.value } } : { press: click.press!.confirm, yes: click.press!.yes };
  const first = await hosted.flow.send(thread, input);
  return respond(state, hosted, click.conversation, await runPersonSteps(hosted, thread, first, channel));
}

async function respond(state: HostState, hosted: HostedSkill, conversation: string, outcome: PersonOutcome, note?: string) {
  const person = [note, outcome.person].filter(Boolean).join(" ") || undefined;
  // Read from the state, so every call after a hand-off or an `end` says so, not only the one that ended it.
  const flow = await hosted.flow.state(threadOf(hosted.skill.name, conversation));
  const view = turnView(hosted.skill, conversation, outcome.turns, person, flow?.handedOff, flow?.ended);
  const token = outcome.widgetForApp && view.widget ? state.tokens.issue(threadOf(hosted.skill.name, conversation)) : undefined;
  return {
    content: [{ type: "text" as const, text: describeForModel(view) }],
    structuredContent: view as unknown as Record<string, unknown>,
    ...(token !== undefined && { _meta: { [WIDGET_TOKEN_META]: token } }),
  };
}
