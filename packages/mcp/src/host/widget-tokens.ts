/**
 * The widget a conversation shows now, by an unguessable token: the MCP App gets it in the tool result's
 * `_meta` (which is not model context) and must send it back with a click, so a click applies only to the
 * widget the person saw, once. A newer widget replaces the token; an old one is refused.
 */
import { randomUUID } from "node:crypto";

export const WIDGET_TOKEN_META = "skillflow/widget-token";

export class WidgetTokens {
  private readonly current = new Map<string, string>();

  /** A new token for the widget `thread` shows now (the previous one stops working). */
  issue(thread: string): string {
    const token = randomUUID();
    this.current.set(thread, token);
    return token;
  }

  /** True once for the token of the widget shown now; it is then used up. */
  redeem(thread: string, token: string): boolean {
    if (this.current.get(thread) !== token) return false;
    this.current.delete(thread);
    return true;
  }

  /** The conversation moved on without a click (a message answered something else). */
  drop(thread: string): void {
    this.current.delete(thread);
  }
}
