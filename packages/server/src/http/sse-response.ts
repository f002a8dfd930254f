/**
 * An SSE response whose events are produced by `produce` as it runs, encoded with `@ag-ui/encoder`
 * (`data: {json}\n\n`). The stream closes when `produce` settles; if it throws, the error has already
 * been turned into a `RUN_ERROR` by the caller. A client that hangs up cancels the stream: the run goes
 * on to its end (its turn is kept, and the next run shows it), and nothing more is written.
 */
import type { BaseEvent } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";

export type Emit = (event: BaseEvent) => void;

export function sseResponse(produce: (emit: Emit) => Promise<void>): Response {
  const encoder = new EventEncoder();
  const bytes = new TextEncoder();
  // Set when the client goes away (a closed tab): the run still finishes, and what it emits is dropped.
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Events emitted in one synchronous burst (a turn's reply, widgets, state and the end of the run)
      // leave as one chunk, flushed before anything else runs: fewer writes, the same stream.
      let pending = "";
      const flush = () => {
        if (pending === "" || cancelled) return;
        controller.enqueue(bytes.encode(pending));
        pending = "";
      };
      const emit: Emit = (event) => {
        if (cancelled) return;
        if (pending === "") queueMicrotask(flush);
        pending += encoder.encodeSSE(event);
      };
      try {
        await produce(emit);
      } finally {
        flush();
        if (!cancelled) controller.close();
      }
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, {
    status: 200,
    headers: { "content-type": encoder.getContentType(), "cache-control": "no-cache", "x-accel-buffering": "no" },
  });
}
