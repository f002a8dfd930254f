/**
 * The SSE stream of a run: events emitted in one synchronous burst leave as one chunk, events emitted
 * across an await leave as they come (a front end sees RUN_STARTED while the turn still runs), in order,
 * and the stream ends with the run.
 */
import { describe, expect, it } from "vitest";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { sseResponse } from "../src/http/sse-response.js";

const event = (n: number) => ({ type: EventType.CUSTOM, name: `e${n}`, value: n }) as BaseEvent;
const names = (text: string) => [...text.matchAll(/"name":"(e\d+)"/g)].map((m) => m[1]);

describe("sseResponse", () => {
  it("sends a synchronous burst as one chunk, streams across awaits, keeps the order and closes with the run", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    const response = sseResponse(async (emit) => {
      emit(event(1));
      await gate;
      emit(event(2));
      emit(event(3));
      emit(event(4));
      finished = true;
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    // The first event arrived while the run was still waiting.
    expect(finished).toBe(false);
    expect(names(decoder.decode(first.value))).toEqual(["e1"]);
    release();
    const second = await reader.read();
    expect(names(decoder.decode(second.value))).toEqual(["e2", "e3", "e4"]);
    expect((await reader.read()).done).toBe(true);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
  });

  it("still sends what was emitted when the run throws, then closes", async () => {
    const response = sseResponse(async (emit) => {
      emit(event(1));
      emit(event(2));
      throw new Error("boom");
    });
    const text = await new Response(response.body).text().catch(() => "");
    expect(names(text)).toEqual(["e1", "e2"]);
  });
});
