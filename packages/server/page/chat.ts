/**
 * The chat page: talks AG-UI to the server with `@ag-ui/client`'s HttpAgent. Text is a user message;
 * a row click (or the rows ticked and sent, for a pick of several), a card's Yes/No or Pay, a choice and a secret are `resume` answers to the open interrupt
 * (never chat text, never the model). The conversation id is kept in localStorage, so a reload shows
 * where it stands. Keyboard: every control is a button or an input; after each run the focus moves to
 * the new widget's first button or checkbox, or to the message box. The page keeps its end in view: the newest
 * line and the buttons to press sit above the message box, never under it. A question is shown once,
 * as the reply's line; its widget below it (grid, card) does not repeat it as a title, nor does the
 * message box's label for a secret (it says how the answer is typed and points at the question). A
 * widget shown again (the same list or card, after a correction) replaces its copy: one on the page.
 * A conversation handed over to a person, or ended at an `end` step, says so once, as `flow chat` does.
 */
import { HttpAgent, type AgentSubscriber } from "@ag-ui/client";
import type { ActivitySnapshotEvent, Interrupt, ResumeEntry } from "@ag-ui/core";
import { byId, el, writesList, type CardWrite } from "./dom.js";
import { gridWidget } from "./grid-widget.js";

const THREAD_KEY = "skillflow.thread";
const log = byId<HTMLOListElement>("log");
const form = byId<HTMLFormElement>("composer");
const input = byId<HTMLInputElement>("say");
const label = byId<HTMLLabelElement>("say-label");
const status = byId<HTMLParagraphElement>("status");

let agent = newAgent(localStorage.getItem(THREAD_KEY) ?? freshThread());
let open: Interrupt | undefined;
let busy = false;
let focusNext: HTMLElement | undefined;
const shownIds = new Set<string>();
const refusals = new Set<string>();

function freshThread(): string {
  const id = crypto.randomUUID();
  localStorage.setItem(THREAD_KEY, id);
  return id;
}

function newAgent(threadId: string): HttpAgent {
  return new HttpAgent({ url: "agui", threadId });
}

const subscriber: AgentSubscriber = {
  onTextMessageStartEvent: ({ event }) => {
    if ((event.metadata as { skillflow?: { refusal?: boolean } } | undefined)?.skillflow?.refusal) refusals.add(event.messageId);
  },
  onTextMessageEndEvent: ({ event, textMessageBuffer }) => {
    if (shownIds.has(event.messageId)) return;
    shownIds.add(event.messageId);
    const refusal = refusals.has(event.messageId);
    append(el("li", { class: refusal ? "bot refusal" : "bot", ...(refusal && { role: "alert" }) }, textMessageBuffer));
  },
  onActivitySnapshotEvent: ({ event }) => renderActivity(event),
  onRunFinishedEvent: (params) => {
    open = params.outcome === "interrupt" ? params.interrupts[0] : undefined;
    if (params.outcome === "success") sayEnd(params.result as RunResult | undefined);
  },
  onRunErrorEvent: ({ event }) => {
    runErrored = true;
    say(event.message, "error");
    if (event.code === "interrupt_not_open") setTimeout(() => void look(), 0);
  },
};

/** Set when the run ended with RUN_ERROR (already shown), so a rejected promise is not shown twice. */
let runErrored = false;

async function run(resume: ResumeEntry[]): Promise<void> {
  busy = true;
  runErrored = false;
  status.textContent = "…";
  form.querySelector("button")!.disabled = true;
  try {
    await agent.runAgent(resume.length ? { resume } : {}, subscriber);
  } catch (error) {
    const failure = error as Error & { status?: number; payload?: { error?: string } };
    if (failure.status === 404 && shownIds.size === 0) {
      // The stored conversation belongs to an older session (its cookie is gone): start a new one.
      restartAfter = true;
    } else if (!runErrored) {
      say(failure.payload?.error ?? `The run failed: ${failure.message}`, "error");
    }
  } finally {
    busy = false;
    status.textContent = "";
    form.querySelector("button")!.disabled = false;
    settle();
    if (restartAfter) {
      restartAfter = false;
      startOver();
    }
  }
}

let restartAfter = false;

/** A run with nothing new: where the conversation stands (open interrupts are left unanswered). */
function look(): Promise<void> {
  return run(cancelOpen());
}

function cancelOpen(): ResumeEntry[] {
  return agent.pendingInterrupts.map((i) => ({ interruptId: i.id, status: "cancelled" as const }));
}

/** Answer the open interrupt from a widget. `echo` is what the person's bubble shows. */
function answer(interruptId: string, payload: unknown, echo: string): void {
  if (busy || open?.id !== interruptId) return;
  append(el("li", { class: "me" }, echo));
  void run([{ interruptId, status: "resolved", payload }]);
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text || busy) return;
  input.value = "";
  const ask = skillflowOf(open);
  if (ask?.kind === "ask" && ask.secret) return answer(open!.id, { [ask.field!]: text }, "•••••• (hidden)");
  append(el("li", { class: "me" }, text));
  agent.addMessage({ id: crypto.randomUUID(), role: "user", content: text });
  void run(cancelOpen());
});

byId<HTMLButtonElement>("new-chat").addEventListener("click", () => void (!busy && startOver()));

function startOver(): void {
  agent = newAgent(freshThread());
  open = undefined;
  log.replaceChildren();
  shownIds.clear();
  endSaid = false;
  void look();
}

interface SkillflowMeta { kind?: string; field?: string; secret?: boolean; role?: string }
function skillflowOf(interrupt: Interrupt | undefined): SkillflowMeta | undefined {
  return (interrupt?.metadata as { skillflow?: SkillflowMeta } | undefined)?.skillflow;
}

function renderActivity(event: ActivitySnapshotEvent): void {
  const content = event.content as Record<string, any>;
  const widget = widgetFor(event.activityType, content);
  if (!widget) return;
  widget.dataset.interrupt = content.interruptId ?? "";
  const existing = document.querySelector<HTMLElement>(`[data-message="${CSS.escape(event.messageId)}"]`);
  widget.dataset.message = event.messageId;
  widget.dataset.widget = widgetKey(event.activityType, content);
  if (existing) existing.replaceWith(widget);
  else if (!(event.activityType === "skillflow.approval" && answeredApproval(content, widget))) {
    // The same list or card shown again (a correction, a refused pick) replaces the copy above: one on the page, under its question.
    if (event.activityType !== "skillflow.approval") for (const copy of log.querySelectorAll<HTMLElement>(`[data-widget="${CSS.escape(widget.dataset.widget)}"]`)) copy.remove();
    append(widget);
  }
  scrollToEnd();
  if (content.interruptId) focusNext = widget.querySelector<HTMLElement>("button:not([disabled]), input:not([disabled])") ?? undefined;
}

/** Which widget this is, whatever turn showed it: its type, name and the field it asks or the confirm it is for. */
function widgetKey(type: string, c: Record<string, any>): string {
  return [type, c.name ?? "", c.field ?? c.confirm ?? ""].join(" ");
}

function widgetFor(type: string, c: Record<string, any>): HTMLElement | undefined {
  switch (type) {
    case "skillflow.grid": return gridWidget(c, answer);
    case "skillflow.card": return card(c, "Confirm", "Yes");
    case "skillflow.checkout": return card(c, "Checkout", "Pay");
    case "skillflow.form": return formWidget(c);
    case "skillflow.approval": return approvalNote(c);
    default: return undefined;
  }
}

function card(c: Record<string, any>, title: string, yes: string): HTMLElement {
  const yesButton = el("button", { type: "button", class: "yes" }, yes);
  const noButton = el("button", { type: "button", class: "no" }, "No");
  yesButton.addEventListener("click", () => answer(c.interruptId, { yes: true }, yes));
  noButton.addEventListener("click", () => answer(c.interruptId, { yes: false }, "No"));
  const writes = (c.writes as CardWrite[]).length ? [el("p", {}, `${yes} runs these, in this order:`), writesList(c.writes)] : [];
  return el("li", { class: `widget card ${title.toLowerCase()}`, "aria-label": `${title}: ${c.question}` }, el("h2", {}, title), ...writes, el("div", { class: "buttons" }, yesButton, noButton));
}

/** Waiting for an approver (the reply above says what for), or, once answered, who answered and how. */
function approvalNote(c: Record<string, any>): HTMLElement {
  const answered = c.status === "approved" ? `Approved by ${c.role}.` : c.status === "rejected" ? `Declined by ${c.role}.` : undefined;
  const text = answered ?? `Waiting for ${c.role} to ${c.card?.options ? "choose" : "approve"}. This page checks every few seconds.`;
  return el("li", { class: `widget approval ${c.status ?? "waiting"}`, "data-confirm": c.confirm ?? "", "data-status": c.status ?? "waiting" }, text);
}

/** An answer replaces the waiting notes of its confirm (true), so "Waiting…" never stays after it came. */
function answeredApproval(c: Record<string, any>, note: HTMLElement): boolean {
  if (c.status !== "approved" && c.status !== "rejected") return false;
  const waiting = [...log.querySelectorAll<HTMLElement>('li.approval[data-status="waiting"]')].filter((li) => li.dataset.confirm === (c.confirm ?? ""));
  for (const li of waiting) li.replaceWith(note.cloneNode(true));
  return waiting.length > 0;
}

/** A plain field: choices and yes/no as buttons (a decide's with its options' words); other fields are typed in the message box. */
function formWidget(c: Record<string, any>): HTMLElement | undefined {
  const schema = c.input as { enum?: string[]; type?: string };
  const labels = new Map(((c.options ?? []) as Array<{ key: string; label: string }>).map((o) => [o.key, o.label]));
  const options = labels.size > 0 ? [...labels.keys()] : (schema.enum ?? (schema.type === "boolean" ? [true, false] : undefined));
  if (!options) return undefined;
  const buttons = options.map((value) => {
    const text = value === true ? "Yes" : value === false ? "No" : (labels.get(String(value)) ?? String(value).replace(/_/g, " "));
    const button = el("button", { type: "button" }, text);
    button.addEventListener("click", () => answer(c.interruptId, { [c.field]: value }, text));
    return button;
  });
  return el("li", { class: "widget choices" }, el("div", { class: "buttons", role: "group", "aria-label": c.question ?? c.field }, ...buttons));
}

/** After a run: only the open interrupt's widget stays live; the message box fits the question. */
function settle(): void {
  for (const widget of document.querySelectorAll<HTMLElement>("[data-interrupt]")) {
    const live = widget.dataset.interrupt !== "" && widget.dataset.interrupt === open?.id;
    widget.classList.toggle("done", !live);
    // A Send that waits for a chosen row (several rows picked together) stays off until one is.
    for (const control of widget.querySelectorAll<HTMLButtonElement | HTMLInputElement>("button, input")) control.disabled = !live || control.dataset.empty === "true";
  }
  const meta = skillflowOf(open);
  const secret = meta?.kind === "ask" && Boolean(meta.secret);
  input.type = secret ? "password" : "text";
  // The question is the line above, said once: the box only says how it is typed, and points at it.
  label.textContent = secret ? "Your answer (typed privately, never shown)" : "Message";
  const asked = secret ? [...log.querySelectorAll<HTMLElement>("li.bot")].pop() : undefined;
  log.querySelector("#asked")?.removeAttribute("id");
  if (asked) asked.id = "asked";
  if (asked) input.setAttribute("aria-describedby", "asked");
  else input.removeAttribute("aria-describedby");
  (focusNext && !focusNext.hasAttribute("disabled") ? focusNext : input).focus({ preventScroll: true });
  focusNext = undefined;
  scrollToEnd();
  schedulePoll(meta?.kind === "approval");
}

let poll: ReturnType<typeof setTimeout> | undefined;
function schedulePoll(waiting: boolean): void {
  clearTimeout(poll);
  if (waiting) poll = setTimeout(() => void (!busy && look()), 2000);
}

interface RunResult { handedOff?: { tool: string }; ended?: { outcome: string; status: string } }
/** The end of this conversation was said (once per conversation, as `flow chat` says it on the turn it happened). */
let endSaid = false;

/** A conversation handed over or ended says so once, and how to start another (the words of `flow chat`'s end lines, without tool names). */
function sayEnd(result: RunResult | undefined): void {
  if (endSaid || !(result?.handedOff || result?.ended)) return;
  endSaid = true;
  const what = result.handedOff ? "Handed over to a person." : `Ended: ${result.ended!.outcome.replace(/_/g, " ")} (${result.ended!.status}).`;
  append(el("li", { class: "bot end" }, `${what} The conversation ends here; the New conversation button starts another.`));
}

function say(text: string, kind: string): void {
  append(el("li", { class: kind, role: "alert" }, text));
}

function append(node: HTMLElement): void {
  log.append(node);
  scrollToEnd();
}

/**
 * Scroll to the end of the page: the message box is sticky at the bottom, so only at the end is the
 * newest line above it rather than under it (`scrollIntoView` stopped short by the box's height).
 */
function scrollToEnd(): void {
  window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
}

void look();
