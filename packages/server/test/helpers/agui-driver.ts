/**
 * Drives a server the way an AG-UI front end does: `@ag-ui/client`'s `HttpAgent` (its event-order
 * verification always on), answering interrupts with `resume[]` and typing with user messages. Each
 * step returns what the run streamed: the events, the text lines, the activities, the outcome.
 */
import { HttpAgent } from "@ag-ui/client";
import type { BaseEvent, Interrupt, ResumeEntry } from "@ag-ui/core";

export interface RunOutput {
  events: BaseEvent[];
  types: string[];
  text: string[];
  activities: Array<{ activityType: string; content: Record<string, any>; messageId: string }>;
  interrupt?: Interrupt;
  outcome?: string;
  state?: Record<string, any>;
  error?: { message: string; code?: string };
}

export class AguiDriver {
  readonly agent: HttpAgent;
  /** Sent with every run (e.g. `{ skillflow: { ui: "a2ui" } }`); `run` may add more for one run. */
  forwardedProps: Record<string, unknown> | undefined;
  private seq = 0;
  constructor(url: string, token: string | undefined, threadId: string) {
    this.agent = new HttpAgent({ url: `${url}/agui`, threadId, headers: token ? { authorization: `Bearer ${token}` } : {} });
  }

  get open(): Interrupt | undefined {
    return this.agent.pendingInterrupts[0];
  }

  /** A run with nothing new: where the conversation stands (a new one shows its first question). */
  look(): Promise<RunOutput> {
    return this.run({ resume: this.cancelOpen() });
  }

  /** Type a message (the open interrupt, if any, is cancelled: the message answers instead). */
  say(text: string): Promise<RunOutput> {
    this.agent.addMessage({ id: `u${++this.seq}-${Math.random().toString(36).slice(2, 8)}`, role: "user", content: text });
    return this.run({ resume: this.cancelOpen() });
  }

  /** Answer the open interrupt with `payload` (a pick `{ field: value }` or a card's `{ yes }`). */
  answer(payload: unknown): Promise<RunOutput> {
    const open = this.open;
    if (!open) throw new Error("no open interrupt to answer");
    return this.run({ resume: [{ interruptId: open.id, status: "resolved", payload }] });
  }

  async run(params: { resume?: ResumeEntry[]; forwardedProps?: Record<string, unknown> }): Promise<RunOutput> {
    const out: RunOutput = { events: [], types: [], text: [], activities: [] };
    const forwardedProps = this.forwardedProps || params.forwardedProps ? { ...this.forwardedProps, ...params.forwardedProps } : undefined;
    try {
      await this.agent.runAgent({ ...(params.resume?.length ? { resume: params.resume } : {}), ...(forwardedProps && { forwardedProps }) }, {
        onEvent: ({ event }) => {
          out.events.push(event);
          out.types.push(event.type);
        },
        onTextMessageEndEvent: ({ textMessageBuffer }) => void out.text.push(textMessageBuffer),
        onActivitySnapshotEvent: ({ event }) => void out.activities.push({ activityType: event.activityType, content: event.content as Record<string, any>, messageId: event.messageId }),
        onStateSnapshotEvent: ({ event }) => void (out.state = event.snapshot as Record<string, any>),
        onRunFinishedEvent: (params) => {
          out.outcome = params.outcome;
          if (params.outcome === "interrupt") out.interrupt = params.interrupts[0];
        },
        onRunErrorEvent: ({ event }) => void (out.error = { message: event.message, ...(event.code && { code: event.code }) }),
      });
    } catch (error) {
      if (!out.error) throw error;
    }
    return out;
  }

  /**
   * POST a RunAgentInput as is — no client-side checks — and read the SSE stream: for what a client
   * without HttpAgent's coverage check could send.
   */
  async raw(body: Record<string, unknown>): Promise<{ status: number; events: BaseEvent[]; json?: any }> {
    const response = await fetch(this.agent.url, {
      method: "POST",
      headers: { ...this.agent.headers, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ threadId: this.agent.threadId, runId: `r${++this.seq}`, messages: [], ...body }),
    });
    const text = await response.text();
    if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return { status: response.status, events: [], json: JSON.parse(text) };
    const events = text.split("\n\n").filter((c) => c.startsWith("data: ")).map((c) => JSON.parse(c.slice(6)) as BaseEvent);
    return { status: response.status, events };
  }

  private cancelOpen(): ResumeEntry[] {
    return this.agent.pendingInterrupts.map((i) => ({ interruptId: i.id, status: "cancelled" as const }));
  }
}
