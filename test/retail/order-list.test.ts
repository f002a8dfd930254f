/**
 * Issue 36, point 4: every retail request that needs an order (a field looked up by
 * `get_order_details`) offers the signed-in user's orders at its question — id, status, items and
 * total — so a person who does not know an id can still choose. Played through the real flow with the
 * offline extractor, signed in as the first sample account of docs/retail.md.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { createFlow } from "../../packages/langgraph/src/create-flow.js";
import { offlineModel } from "../../packages/langgraph/src/models/offline-model.js";

const retail = fileURLToPath(new URL("../../skills/retail", import.meta.url));
const ORDERS = "Your orders: #W3361211 (pending: Luggage Set, Smart Watch, Jigsaw Puzzle, Office Chair; 1,464.00); #W3586556 (pending: Tablet; 989.70).";

/** The retail skills with a field looked up by get_order_details. */
const orderSkills = readdirSync(retail).filter((name) => {
  const file = join(retail, name, "SKILL.md");
  return existsSync(file) && /lookup: get_order_details/.test(readFileSync(file, "utf8"));
});

describe("retail: the order question lists the signed-in user's orders", () => {
  // The retail skills share one store a process (skills/retail/tools.ts keeps it on globalThis), and test
  // files share processes (isolate: false): another file's cancel would change the listing. Start fresh.
  beforeEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for("skillflow.retail.processStore")];
  });

  it("covers the seven requests that need an order", () => {
    expect(orderSkills.sort()).toEqual([
      "cancel-order", "change-order-payment", "exchange-items", "modify-items", "modify-order-address", "order-details", "return-items",
    ]);
  });

  it.each(orderSkills)("%s", async (name) => {
    const flow = await createFlow({ skill: join(retail, name), model: offlineModel() });
    await flow.send("t", { text: "email" });
    const turn = await flow.send("t", { text: "aarav.lee6460@example.com" });
    expect(turn.pending).toMatchObject({ kind: "ask", field: "order_id" });
    expect(turn.reply.at(-1)).toMatch(/\?/);
    expect(turn.reply.at(-1)!.endsWith(` ${ORDERS}`)).toBe(true);
    const docs = readFileSync(new URL("../../docs/retail.md", import.meta.url), "utf8");
    expect(docs).toContain("`#W3361211` (pending: Luggage Set, Smart Watch, Jigsaw Puzzle, Office Chair; 1,464.00), `#W3586556` (pending: Tablet; 989.70)");
  }, 60_000);
});
