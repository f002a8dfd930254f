/**
 * The state a flow keeps between person events does not grow with the conversation (issue 4, "checkpoint
 * growth is bounded"): `said` holds the last text of each `say` step instance, and the lookup cache keeps
 * what the current path read plus the last few entries of each tool, leaving out large results off the
 * path. Each test would fail if the state grew again or if replay lost something it needs.
 */
import { describe, expect, it } from "vitest";
import { digestOf, lookupKeyOf } from "../../src/runtime/digest.js";
import { KEEP_PER_TOOL, MAX_KEPT_RESULT_CHARS } from "../../src/runtime/compact-state.js";
import { Host, says, skillFrom, T, toolInfo, tools } from "./host.js";
import { toCheckout, tripHost } from "./trip-fixture.js";

const TOPICS_MD = `---
name: topics
description: Talk about one topic after another.
---
## Fields

\`\`\`yaml
topic: { text: true }
nights: { number: { min: 1, max: 14 } }
\`\`\`

## Steps

\`\`\`yaml
- ask: { topic: "What shall we talk about?" }
- do: look_up_topic
- say: "About {topic}: {look_up_topic.summary}"
- repeat: { for: part, in: look_up_topic.parts }
  steps:
    - do: size_part
    - say: "There is more."
- ask: { nights: "How many nights?" }
- do: price_stay
\`\`\`
`;

const skill = skillFrom(TOPICS_MD, [
  toolInfo("look_up_topic", "lookup", { topic: T.str }, { summary: T.str, parts: T.list(T.obj({ id: T.str })) }),
  toolInfo("size_part", "lookup", { part: T.obj({ id: T.str }) }, { size: T.int }),
  toolInfo("price_stay", "lookup", { nights: T.int }, { detail: T.str }),
]);

/** A host whose topic lookup returns `parts` rows and a summary of `summaryChars` characters for "big". */
function topicsHost(parts = 0, summaryChars = MAX_KEPT_RESULT_CHARS + 1024): Host {
  return new Host(skill, {
    look_up_topic: ({ topic }) => ({
      summary: topic === "big" ? "x".repeat(summaryChars) : `${String(topic).length} letters`,
      parts: Array.from({ length: parts }, (_, i) => ({ id: `p${i}` })),
    }),
    size_part: ({ part }) => ({ size: String((part as { id: string }).id).length }),
    price_stay: () => ({ detail: "y".repeat(summaryChars) }),
  });
}

const topic = (host: Host, value: string) => host.text(value, { topic: value });
const keysOf = (host: Host, tool: string) => Object.keys(host.state.lookups).filter((k) => k.startsWith(`${tool}:`));
const topicKey = (value: string) => lookupKeyOf("look_up_topic", digestOf({ topic: value }));

describe("said: the last text of each say step instance", () => {
  it("shows a text once, shows a changed text, and shows an earlier text again when it comes back", () => {
    const host = topicsHost();
    expect(says(topic(host, "cats"))).toEqual(["About cats: 4 letters"]);
    expect(says(host.text("hm", {}))).toEqual([]);
    expect(says(topic(host, "dogs!"))).toEqual(["About dogs!: 5 letters"]);
    expect(says(topic(host, "cats"))).toEqual(["About cats: 4 letters"]);
    expect(says(host.text("hm", {}))).toEqual([]);
  });

  it("keeps one digest per say step instance, however many texts were said", () => {
    const host = topicsHost();
    for (let i = 0; i < 30; i++) topic(host, `topic ${i}`);
    expect(host.state.said).toEqual({ "3": digestOf(["say", "About topic 29: 8 letters"]) });
  });

  it("inside a repeat each row is its own instance: the same text is said once per row, not again later", () => {
    const host = topicsHost(3);
    expect(says(topic(host, "cats"))).toEqual(["About cats: 4 letters", "There is more.", "There is more.", "There is more."]);
    expect(Object.keys(host.state.said).sort()).toEqual(["3", "4.2@4:p0", "4.2@4:p1", "4.2@4:p2"]);
    expect(says(host.text("hm", {}))).toEqual([]);
  });
});

describe("lookups: what the path read, plus the last few per tool", () => {
  it(`keeps the entry on the path and the ${KEEP_PER_TOOL - 1} most recent others of that tool`, () => {
    const host = topicsHost();
    for (let i = 1; i <= 10; i++) topic(host, `topic ${i}`);
    expect(keysOf(host, "look_up_topic").sort()).toEqual(["7", "8", "9", "10"].map((n) => topicKey(`topic ${n}`)).sort());
  });

  it("a correction back to a recent value comes from the cache; back to an older one runs the lookup again", () => {
    const host = topicsHost();
    for (let i = 1; i <= 10; i++) topic(host, `topic ${i}`);
    expect(tools(topic(host, "topic 8"))).toEqual([]);
    expect(tools(topic(host, "topic 2"))).toEqual(["look_up_topic"]);
    expect(host.runs.filter((r) => r.tool === "look_up_topic").length).toBe(11);
  });

  it("keeps every entry the path reads, even more than the per-tool number: nothing runs again next turn", () => {
    const host = topicsHost(6);
    expect(tools(topic(host, "cats")).filter((t) => t === "size_part").length).toBe(6);
    expect(keysOf(host, "size_part").length).toBe(6);
    expect(tools(host.text("hm", {}))).toEqual([]);
    topic(host, "dogs!");
    expect(keysOf(host, "size_part").length).toBe(6);
  });

  it("keeps what a trial needs while its lookups run: each runs once, and the refusal reads them", () => {
    const lisbonB = "Lisbon AI Summit B";
    const host = tripHost({
      search_flights: ({ conference }) => ({ flights: [{ id: conference === lisbonB ? "TP9" : "TP1", lands: "18:05" }] }),
      find_conference: ({ conference }) => ({ known: true, name: String(conference), city: "Lisbon" }),
      check_arrival: () => ({ ok: true }),
    });
    toCheckout(host, 3);
    host.press("pay");
    expect(host.state.ledger["10"]).toMatchObject({ tool: "hold_hotel", status: "done" });
    const turn = host.text("the B summit", { conference: lisbonB });
    expect(tools(turn)).toEqual(["find_conference", "search_flights"]);
    const waiting = turn.results.slice(0, -1);
    for (const result of waiting) expect(result.state.trial).toBeDefined();
    expect(Object.keys(waiting[1]!.state.lookups)).toContain(lookupKeyOf("find_conference", digestOf({ conference: lisbonB })));
    expect(host.state.answers.conference.value).toBe("Lisbon AI Summit");
  });
});

describe("large lookup results", () => {
  it("are kept while the path reads them: the next turn does not run the lookup again", () => {
    const host = topicsHost();
    topic(host, "big");
    expect(host.state.lookups[topicKey("big")]?.result).toBeDefined();
    expect(tools(host.text("hm", {}))).toEqual([]);
  });

  it("are left out of the state once the path no longer reads them, even among the most recent", () => {
    const host = topicsHost();
    topic(host, "big");
    topic(host, "cats");
    expect(host.state.lookups[topicKey("big")]).toBeUndefined();
    expect(JSON.stringify(host.state).length).toBeLessThan(4096);
    expect(tools(topic(host, "big"))).toEqual(["look_up_topic"]);
  });

  it("stay while a turn re-runs a lookup further up: the large one further down does not run again", () => {
    const host = topicsHost();
    expect(tools(host.text("cats, 3 nights", { topic: "cats", nights: 3 }))).toEqual(["look_up_topic", "price_stay"]);
    expect(tools(topic(host, "dogs!"))).toEqual(["look_up_topic"]);
  });

  it("a result just under the limit is kept among the recent entries like any other", () => {
    const host = topicsHost(0, MAX_KEPT_RESULT_CHARS - 1024);
    topic(host, "big");
    topic(host, "cats");
    expect(tools(topic(host, "big"))).toEqual([]);
  });
});
