/**
 * A model port that reads relative dates ("tomorrow", "next Monday") against a clock. A flow hands such
 * a port its own clock (`createFlow({ now })`, frozen in proofs) with `withClock`, so what "tomorrow"
 * means is the same day the tools are told it is (`ToolContext.now`). Ports without `withClock` (the
 * chat-model port) are used as they are.
 */
import type { ModelPort } from "../understand/model-port.js";

export interface ClockedModelPort extends ModelPort {
  /** The same port, reading dates against `now` (an ISO instant). */
  withClock(now: () => string): ModelPort;
}

/** `port` with the flow's clock when it takes one, else `port` itself. Duck-typed, like the port. */
export function withFlowClock(port: ModelPort, now: () => string): ModelPort {
  const clocked = port as Partial<ClockedModelPort>;
  if (typeof clocked.withClock !== "function") return port;
  return { ...port, ...clocked.withClock(now) };
}
