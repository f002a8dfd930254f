/**
 * Issue 36, point 2: the offline extractor (`flow chat` with no key) reads the sentences people write.
 * docs/chat.md lists conversations and what each holds after its last message ("What the offline
 * extractor reads"); every row is played here through the real flow (createFlow, the offline extractor,
 * the skills' own tools), and a row that does not hold fails. The sentences the chat's own transcripts
 * type are rows too.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { createFlow } from "../packages/langgraph/src/create-flow.js";
import { offlineModel } from "../packages/langgraph/src/models/offline-model.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const doc = readFileSync(join(root, "docs/chat.md"), "utf8");
const NOW = "2027-03-01T09:00:00Z";

interface Row { skill: string; typed: string[]; holds: Record<string, string | number | undefined> }

/** The rows of the table after `<!-- offline-sentences -->`. */
function rows(): Row[] {
  const table = doc.split("<!-- offline-sentences -->")[1]!.trim().split("\n\n")[0]!.split("\n").slice(2);
  return table.map((line) => {
    const [skill, typed, holds] = line.split(/(?<!\\)\|/).slice(1, 4).map((cell) => cell.trim());
    const pairs = holds!.split(/,\s+(?=[a-z_]+: )/).map((pair) => pair.split(/:\s+/) as [string, string]);
    return {
      skill: skill!.replace(/`/g, ""),
      typed: typed!.split(" ⏎ ").map((t) => t.replace(/^`|`$/g, "")),
      holds: Object.fromEntries(pairs.map(([k, v]) => [k, v === "—" ? undefined : /^\d+$/.test(v) ? Number(v) : v])),
    };
  });
}

/** A skill folder, or every skill in a folder of skills. */
function skillsAt(path: string): string[] {
  const dir = join(root, path);
  if (existsSync(join(dir, "SKILL.md"))) return [dir];
  return readdirSync(dir).map((name) => join(dir, name)).filter((d) => existsSync(join(d, "SKILL.md")));
}

describe("docs/chat.md: the sentences the offline extractor reads", () => {
  // The retail skills share one store a process (skills/retail/tools.ts keeps it on globalThis), and test
  // files share processes (isolate: false): another file's cancel would change these orders. Start fresh.
  beforeEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for("skillflow.retail.processStore")];
  });

  const all = rows();

  it("lists the issue's sentences and the chat transcripts' own", () => {
    const typed = all.flatMap((r) => r.typed);
    expect(typed).toEqual(expect.arrayContaining([
      "I need to go to the Lisbon AI summit for 3 nights", "Book me for the Lisbon AI Summit, 3 nights", "actually make it 4 nights",
      "I want to cancel order #W3586556, I ordered it by mistake", "W3361211", "I don't remember the number",
    ]));
  });

  it.each(all.map((row) => [row.typed.join(" ⏎ "), row] as const))("%s", async (_, row) => {
    const flow = await createFlow({ skills: skillsAt(row.skill), model: offlineModel({ now: () => NOW }), now: NOW });
    for (const text of row.typed) await flow.send("t", { text });
    const answers = (await flow.state("t"))?.answers ?? {};
    const held = Object.fromEntries(Object.keys(row.holds).map((field) => [field, answers[field]?.value]));
    expect(held).toEqual(row.holds);
  }, 60_000);

  it.each(["I don't remember the number", "the tablet one"])("%j names no order: it is not refused as an order the account does not have", async (said) => {
    const flow = await createFlow({ skills: skillsAt("skills/retail/cancel-order"), model: offlineModel({ now: () => NOW }), now: NOW });
    for (const text of ["email", "aarav.lee6460@example.com"]) await flow.send("t", { text });
    const turn = await flow.send("t", { text: said });
    expect(turn.trace.filter((t) => t.type === "refused")).toEqual([]);
    expect(turn.reply.at(-1)).toBe("Which order would you like to cancel? Your orders: #W3361211 (pending: Luggage Set, Smart Watch, Jigsaw Puzzle, Office Chair; 1,464.00); #W3586556 (pending: Tablet; 989.70).");
  }, 60_000);
});
