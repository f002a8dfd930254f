/**
 * Red attack on the LangGraph platform: a chat client that may create assistants puts an older
 * checkpoint in an assistant's config (`configurable.checkpoint_id`), which the server merges into every
 * run of that assistant — `refuseRun` sees only the run's own config. Run on the dev server, with the
 * auth handler docs/langgraph-platform.md recommends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/platform-fixture-server.js";

let fixture: FixtureServer;
let client: FixtureServer["client"];
const written = () => fixture.written();

beforeAll(async () => {
  fixture = await startFixtureServer(["trip"]);
  client = fixture.client;
}, 90_000);

afterAll(async () => {
  await fixture?.close();
});

async function waitingAt(thread: string): Promise<Record<string, any> | undefined> {
  const state = await client.threads.getState(thread);
  return state.tasks.flatMap((t) => (t.interrupts ?? []).map((i) => i.value as Record<string, any>))[0];
}

describe("an assistant whose config names an older checkpoint", () => {
  it("cannot run a confirmed write a second time from the checkpoint before it was recorded", async () => {
    const { thread_id: t } = await client.threads.create();
    await client.runs.wait(t, "trip", { input: { messages: [{ type: "human", content: "Book me for the Lisbon AI Summit, 3 nights", id: "m1" }] } });
    await client.runs.wait(t, "trip", { command: { resume: { pick: { flight_id: "TP1350" } } } });
    await client.runs.wait(t, "trip", { command: { resume: { pick: { hotel_id: "H-BAIXA" } } } });
    const checkout = await waitingAt(t);
    expect(checkout).toMatchObject({ kind: "confirm", confirm: "pay" });
    const atCard = (await client.threads.getState(t)).checkpoint;
    const digest = (checkout!.card as { digest: string }).digest;
    await client.runs.wait(t, "trip", { command: { resume: { press: "pay", card: digest } } });
    const once = written().length;
    expect(once).toBe(4);

    let forged: { assistant_id: string } | undefined;
    try {
      forged = await client.assistants.create({ graphId: "trip", config: { configurable: { checkpoint_id: atCard.checkpoint_id } } });
    } catch {
      forged = undefined; // refused: held
    }
    if (forged) {
      try {
        await client.runs.wait(t, forged.assistant_id, { command: { resume: { press: "pay", card: digest } } });
      } catch {
        // refused: held
      }
    }
    // the recommended auth handler refuses the assistant (refuseAssistant); before it, the four
    // confirmed writes ran a second time (8 records)
    expect(forged).toBeUndefined();
    expect(written().length).toBe(once);
  });
});
