/**
 * Issue 22: what a person is told when nothing happens. A no at a card says that nothing was run (the
 * card is shown again below it), and a message to a flow that has finished gets a sentence saying so,
 * instead of an empty reply.
 */
import { describe, expect, it } from "vitest";
import { cards, says, writes } from "./host.js";
import { toCheckout, tripHost } from "./trip-fixture.js";

describe("a no, and a message after the end, are answered", () => {
  it("a no at the checkout says nothing was run, then shows the same card again", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const card = host.state.pending?.kind === "confirm" ? host.state.pending.card : undefined;
    const turn = host.send({ type: "press", confirm: "pay", yes: false });
    expect(writes(turn)).toEqual([]);
    expect(says(turn)[0]).toBe("You said no, so nothing was run. Change what you need, or say yes when it is right.");
    expect(cards(turn).map((c) => c.digest)).toEqual([card!.digest]);
  });

  it("a message after the flow finished says it is finished and runs nothing", () => {
    const host = tripHost();
    toCheckout(host, 3);
    host.send({ type: "press", confirm: "pay", yes: true });
    expect(host.state.pending?.kind).toBe("done");
    const turn = host.send({ type: "text", text: "book another one" });
    expect(writes(turn)).toEqual([]);
    expect(says(turn)).toEqual(["This conversation is finished; nothing more will run in it. Start a new conversation for anything else."]);
    expect(host.state.pending?.kind).toBe("done");
  });
});
