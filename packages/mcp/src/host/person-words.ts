/**
 * What the host's model is told when something waits on the person: what they must do, where, and that
 * the model cannot do it for them. Pure.
 */
import type { PendingView } from "./turn-view.js";

type PersonPending = Exclude<PendingView, { kind: "question" }>;

const NEITHER = "this host can show them neither a form (MCP elicitation) nor a widget (MCP Apps)";

/** The person cannot be asked through this host. */
export function cannotAsk(pending: PersonPending): string {
  switch (pending.kind) {
    case "pick":
      return `Only the person can choose "${pending.question}" from its list, and ${NEITHER}. Nothing was chosen; a choice passed in a message is not taken.`;
    case "confirm":
      return `Only the person can answer "${pending.question}", and ${NEITHER}. Nothing was done: ${writesOf(pending)} did not run.`;
    case "secret":
      return `Only the person can type the answer to "${pending.question}", and this host cannot open a page for it (MCP URL elicitation). Nothing was entered; a value passed in a message is not taken.`;
    case "approval":
      return `This waits for an approval from ${pending.role}, which cannot be given through this host or its assistant. Nothing runs until an approver gives it.`;
  }
}

/** The widget was returned for the MCP App to show. */
export function widgetShown(pending: Extract<PersonPending, { kind: "pick" | "confirm" }>): string {
  if (pending.kind === "pick") return `The person chooses "${pending.question}" in the list shown to them; their choice comes back through the widget, not through you.`;
  return `The person answers "${pending.question}" on the card shown to them; nothing runs until they do, and you cannot answer it for them.`;
}

/** The person dismissed the form, or gave no usable answer. */
export function notAnswered(pending: PersonPending): string {
  if (pending.kind === "confirm") return `The person closed the question "${pending.question}" without answering. Nothing was done.`;
  return `The person did not answer "${"question" in pending ? pending.question : pending.kind}". Call this tool again with their next message to ask once more.`;
}

/** A message sent while a secret is pending is not used. */
export function messageNotUsed(pending: Extract<PersonPending, { kind: "secret" }>): string {
  return `The message was not used: "${pending.question}" waits for a value only the person may type.`;
}

function writesOf(pending: Extract<PersonPending, { kind: "confirm" }>): string {
  const tools = pending.writes.map((write) => write.tool);
  return tools.length ? tools.join(", ") : "what it covers";
}
