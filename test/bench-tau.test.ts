/**
 * bench:tau (bench/tau/), offline. The runner on four train tasks: a cancel the scripted person drives
 * through the skills from the task's data alone, a hand-off played from its hand-written script, an
 * exchange of two lines (a pick of several rows, then a pick inside the repeat for each), and task 105,
 * whose expected database is unchanged because the benchmark refuses its exchange: it passes only at the
 * flow's own refusal (the gift card too small), after both lines of the same item were picked; each
 * final database written with --out. Then live mode on two tasks, k = 2, with a scripted person and Gemini behind a stubbed
 * `fetch` (never the network): pass^1 and pass^2 by the benchmark's formula.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ScriptedChatModel } from "@skillflow/langgraph";
import { resolveModel } from "@skillflow/langgraph/models";
import { digestOf } from "../skills/retail/store/canonical.js";
import { runLive } from "../bench/tau/live.js";
import { runOffline } from "../bench/tau/offline.js";
import { passHatK } from "../bench/tau/pass-hat-k.js";
import { median } from "../bench/tau/report.js";
import { defaultTasksFile, expectedOf, readTasks } from "../bench/tau/read-tasks.js";

const tasks = (ids: string[]) => readTasks(defaultTasksFile()).filter((t) => ids.includes(t.id));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("bench:tau offline", () => {
  test("each task's verdict and reason, the final databases, and both arms' figures", async () => {
    const out = mkdtempSync(join(tmpdir(), "bench-tau-"));
    const lines: string[] = [];
    const { results, react } = await runOffline(tasks(["0", "10", "66", "105"]), { out, print: (l) => lines.push(l) });
    const by = new Map(results.map((r) => [r.id, r]));

    expect(by.get("66")).toMatchObject({ pass: true, by: "person", writes: ["cancel_pending_order"], notes: [] });
    expect(by.get("66")!.calls).toBeGreaterThan(0);
    expect(by.get("10")).toMatchObject({ pass: true, by: "hand", writes: ["transfer_to_human_agents"] });
    expect(by.get("0")).toMatchObject({ pass: true, by: "person", writes: ["exchange_delivered_order_items"], notes: [] });
    expect(by.get("0")!.difference).toBeUndefined();
    expect(by.get("105")).toMatchObject({ pass: true, by: "person", writes: [],
      notes: ['refused, as the benchmark refuses it: "The gift card does not have enough balance to pay for the price difference."'] });
    expect(by.get("105")!.difference).toBeUndefined();

    const written = JSON.parse(readFileSync(join(out, "66.json"), "utf8"));
    expect(digestOf(written)).toBe(digestOf(expectedOf(tasks(["66"])[0]!).db));
    expect(written.orders["#W3361211"].status).toBe("cancelled");

    // The ReAct arm makes the ground-truth calls, one a model call, and resends the policy each time.
    expect(react.get("66")!.calls).toBeGreaterThan(by.get("66")!.calls);
    expect(react.get("66")!.tokens).toBeGreaterThan(5 * by.get("66")!.tokens);
    expect(lines).toContain("passed: 4 of 4 tasks (1 by a conversation written by hand)");
    expect(lines.find((l) => l.startsWith("105 "))).toContain("refused, as the benchmark refuses it");
    expect(lines.some((l) => l.startsWith("ratio: "))).toBe(true);
    const calls = results.flatMap((r) => r.perCall);
    expect(calls).toHaveLength(results.reduce((a, r) => a + r.calls, 0));
    expect(lines).toContain(`Skillflow, over the passed tasks: ${calls.length} model calls, ${results.reduce((a, r) => a + r.tokens, 0).toLocaleString("en-US")} input tokens, ` +
      `${median(calls).toLocaleString("en-US")} a call (median)`);
    // Every retail call describes only the skills a message is likely about: under 1,300 tokens even
    // with a long opening message (it was about 3,500 when every hosted skill was described in full).
    expect(Math.max(...calls)).toBeLessThan(1_300);
  }, 60_000);
});

describe("the median of the calls' input tokens", () => {
  test("is the middle one, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(3); // (2 + 3) / 2, rounded
    expect(median([])).toBe(0);
  });
});

describe("pass^k", () => {
  test("is C(c,k)/C(n,k) averaged over tasks", () => {
    expect(passHatK([{ n: 4, c: 4 }, { n: 4, c: 2 }], 4)).toEqual([0.75, (1 + 1 / 6) / 2, 0.5, 0.5]);
  });
});

/** What the stubbed Gemini extracts from each message the scripted person types. */
const EXTRACTS: Record<string, Record<string, unknown>> = {
  "Cancel my order #W3361211, I no longer need it. I'm Aarav Lee, zip 85025.":
    { skill: "cancel-order", sign_in: "name_and_zip", first_name: "Aarav", last_name: "Lee", zip: "85025", order_id: "#W3361211", reason: "no longer needed" },
  "Please cancel #W8835847, I ordered it by mistake. My email is daiki.silva6295@example.com":
    { skill: "cancel-order", sign_in: "email", email: "daiki.silva6295@example.com", order_id: "#W8835847", reason: "ordered by mistake" },
};

function stubGemini(): string[] {
  const seen: string[] = [];
  vi.stubGlobal("fetch", async (url: unknown, init: { body?: string }) => {
    seen.push(String(url));
    const body = JSON.parse(String(init.body));
    const text: string = body.contents.at(-1).parts[0].text;
    const reply = { candidates: [{ content: { role: "model", parts: [{ text: JSON.stringify(EXTRACTS[text] ?? {}) }] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 900, candidatesTokenCount: 40, totalTokenCount: 940 } };
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  });
  return seen;
}

describe("bench:tau --live, offline", () => {
  test("k runs per task with a scripted person and a stubbed Gemini: the table, pass^1 and pass^2", async () => {
    const seen = stubGemini();
    const extractor = await resolveModel("gemini:gemini-2.5-flash", { GOOGLE_API_KEY: "test-key" });
    const opening = Object.keys(EXTRACTS);
    // Task 88's second person says no at the card, so that run leaves the database as it was.
    const person = (task: { id: string }, run: number) =>
      new ScriptedChatModel([opening[task.id === "66" ? 0 : 1]!, task.id === "88" && run === 1 ? "NO" : "YES", "###STOP###"]);
    const lines: string[] = [];
    const { runs, passHat } = await runLive(tasks(["66", "88"]), {
      model: "gemini:gemini-2.5-flash", userModel: "scripted", k: 2, extractor, person, print: (l) => lines.push(l),
    });
    expect(runs.get("66")!.map((r) => r.pass)).toEqual([true, true]);
    expect(runs.get("88")!.map((r) => r.pass)).toEqual([true, false]);
    expect(runs.get("88")![1]!.why).toContain("orders.#W8835847");
    expect(passHat).toEqual([0.75, 0.5]);
    expect(lines).toContain("pass^1 0.750   pass^2 0.500");
    expect(runs.get("66")![0]).toMatchObject({ calls: 1, flowTokens: 940 });
    expect(seen.length).toBe(4);
    expect(seen.every((u) => u.startsWith("https://generativelanguage.googleapis.com/"))).toBe(true);
  }, 60_000);
});
