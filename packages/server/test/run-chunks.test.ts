// How a run leaves the server: RUN_STARTED at once (a front end sees the run begin while the turn still
// runs), then the turn's messages and widgets, the state snapshot and RUN_FINISHED together, as one
// chunk of the stream — one write to the socket, not one per await of the run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe()));
afterAll(() => serve.close());

async function chunksOf(body: Record<string, unknown>, token: string): Promise<string[][]> {
  const response = await serve.server.agui(new Request(`${serve.url}/agui`, {
    method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  }));
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: string[][] = [];
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    chunks.push([...decoder.decode(part.value).matchAll(/"type":"([A-Z_]+)"/g)].map((m) => m[1]!));
  }
  return chunks;
}

describe("a run's stream", () => {
  it("sends RUN_STARTED alone, then the turn, the state and the end of the run as one chunk", async () => {
    const token = await newToken(serve.url);
    const chunks = await chunksOf({ threadId: "chunks-1", runId: "r1", messages: [{ id: "m1", role: "user", content: "Lisbon AI Summit, 3 nights" }] }, token);
    expect(chunks[0]).toEqual(["RUN_STARTED"]);
    expect(chunks).toHaveLength(2);
    const rest = chunks[1]!;
    expect(rest).toContain("TEXT_MESSAGE_CONTENT");
    expect(rest).toContain("ACTIVITY_SNAPSHOT");
    expect(rest.slice(-2)).toEqual(["STATE_SNAPSHOT", "RUN_FINISHED"]);
  });
});
