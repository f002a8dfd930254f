/**
 * After a turn, whatever only the person may give — a pick from a list, a yes on a card, a secret — is
 * asked of the person, never of the host's model: through MCP Apps (the widget is returned and the
 * person's click comes back through an app-only tool), else a form elicitation for picks and confirms, a
 * URL elicitation for secrets. Each answer is applied as a typed event and the flow goes on, until it
 * waits for something the model may pass on (a free-text question), finishes, or the person cannot be
 * asked — then `person` says what the person must do, and nothing more runs.
 */
import { gridColumns } from "@skillflow/core";
import type { FlowInput, TurnResult } from "@skillflow/langgraph";
import { confirmAnswer, confirmForm, pickAnswer, pickForm } from "./elicit-forms.js";
import type { HostedSkill, PersonChannel } from "./hosted-skill.js";
import { pendingView, type PendingView } from "./turn-view.js";
import { askSecret } from "./ask-secret.js";
import { cannotAsk, notAnswered, widgetShown } from "./person-words.js";

/** Enough for a pick, a second pick, a confirm and a refused secret typed again in one call. */
const MAX_PERSON_STEPS = 8;

export interface PersonOutcome {
  turns: TurnResult[];
  /** What the person must do now, for the host's model to pass on; absent when nothing waits on them. */
  person?: string;
  /** The last turn's widget is for the MCP App to show (a click will answer it). */
  widgetForApp: boolean;
}

export async function runPersonSteps(hosted: HostedSkill, thread: string, first: TurnResult, channel: PersonChannel): Promise<PersonOutcome> {
  const turns = [first];
  for (let n = 0; n < MAX_PERSON_STEPS; n++) {
    const turn = turns[turns.length - 1]!;
    const pending = turn.done ? null : pendingView(turn.pending, turn);
    if (!pending || pending.kind === "question") return { turns, widgetForApp: false };
    const next = await askPerson(hosted, pending, turn, channel);
    if (typeof next === "string") return { turns, person: next, widgetForApp: false };
    if ("widget" in next) return { turns, person: next.widget, widgetForApp: true };
    turns.push(await hosted.flow.send(thread, next.input));
  }
  return { turns, person: "The person was asked several times in a row without an answer the flow could use; call again with their next message.", widgetForApp: false };
}

type Asked = string | { widget: string } | { input: FlowInput };

async function askPerson(hosted: HostedSkill, pending: Exclude<PendingView, { kind: "question" }>, turn: TurnResult, channel: PersonChannel): Promise<Asked> {
  if (pending.kind === "approval") return cannotAsk(pending);
  if (pending.kind === "secret") return askSecret(hosted.skill, pending, channel);
  const support = channel.support();
  if (support.apps) return { widget: widgetShown(pending) };
  if (!support.form) return cannotAsk(pending);
  if (pending.kind === "pick") {
    const rows = turn.widgets[turn.widgets.length - 1]?.rows ?? [];
    const columns = gridColumns(hosted.skill, pending.field, rows);
    const many = pending.many === true;
    const input = pickAnswer(pending.field, await channel.elicit(pickForm(pending.field, pending.question, rows, columns, many)), many);
    return input ? { input } : notAnswered(pending);
  }
  const card = turn.pending?.kind === "confirm" ? turn.pending.card.digest : undefined;
  const input = confirmAnswer(pending.confirm, await channel.elicit(confirmForm(pending.question, pending.writes)), card);
  return input ? { input } : notAnswered(pending);
}
