/**
 * Several requests in one conversation share what is already established (`keep: conversation`): a
 * sign-in given in one request is not asked again in the next, through createFlow with two hosted skills
 * and a scripted model — and what must not carry over does not (a cancelled request's answers, a change
 * in a later request), a kept answer gets no write past a gate it would not pass if asked (it is asked
 * again, and only an answer that passes now goes on), and the kept
 * answers live in the checkpointed routing state (a new flow on the same SQLite or PostgreSQL store goes
 * on with them).
 */
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { action, lookup, type Skill } from "@skillflow/core";
import { collectTools, loadSkillText } from "@skillflow/core/loader";
import { createFlow, type Flow } from "../../src/create-flow.js";
import { FlowLoadError } from "../../src/load-flow-skill.js";
import type { TurnResult } from "../../src/render/render-turn.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import { PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";

notePgSkipped("kept answers");

/** The store: who is known, who is active, and what the writes did. */
const db = { known: true, active: true, email: "ava@x.com", cancelled: [] as string[] };
const findUser = lookup({
  name: "find_user",
  description: "The account of an email address.",
  input: z.object({ email: z.string() }),
  output: z.object({ known: z.boolean(), user_id: z.string(), active: z.boolean() }),
}, ({ email }) => ({ known: db.known && email === db.email, user_id: "ava_1", active: db.active }));
const orderStatus = lookup({
  name: "order_status",
  description: "An order's status.",
  input: z.object({ user_id: z.string(), order_id: z.string() }),
  output: z.object({ status: z.string() }),
}, ({ order_id }) => ({ status: db.cancelled.includes(order_id) ? "cancelled" : "pending" }));
const cancelOrder = action({
  name: "cancel_order",
  description: "Cancel an order.",
  input: z.object({ user_id: z.string(), order_id: z.string() }),
  output: z.object({ ok: z.boolean() }),
}, ({ order_id }) => {
  db.cancelled.push(order_id);
  return { ok: true };
});
const TOOLS = [findUser, orderStatus, cancelOrder];

const SIGN_IN = `
- ask: { email: "What is your email?" }
  check: { find_user.active: "That account is closed." }`;
const skillText = (name: string, steps: string, email = "{ lookup: find_user, keep: conversation }") => `---
name: ${name}
description: The ${name} request.
---
## Fields
\`\`\`yaml
email: ${email}
order_id: { pattern: "^#W[0-9]+$" }
\`\`\`
## Steps
\`\`\`yaml
${SIGN_IN}
${steps}
\`\`\`
`;
const CANCEL = skillText("cancel", `
- ask: { order_id: "Which order?" }
- confirm: { go: "Cancel {order_id}?" }
- do: cancel_order
- say: "Cancelled {order_id}."`);
const STATUS = skillText("status", `
- ask: { order_id: "Which order?" }
- say: "Order {order_id} is {order_status.status}."`);

async function skillOf(text: string): Promise<Skill> {
  const name = /name: (\w+)/.exec(text)![1]!;
  const file = `/virtual/${name}/SKILL.md`;
  const collected = collectTools({ default: TOOLS }, `/virtual/${name}/tools.ts`, "");
  const loaded = await loadSkillText(file, text, { tools: { toolsFile: `/virtual/${name}/tools.ts`, collected } });
  if (!loaded.skill) throw new Error(JSON.stringify(loaded.diagnostics));
  return loaded.skill;
}

const skills = async (...texts: string[]) => Promise.all(texts.map(skillOf));

/** A conversation on a flow hosting `cancel` and `status`. */
async function conversation(options: { store?: Parameters<typeof createFlow>[0]["store"]; thread?: string } = {}) {
  const model = new ScriptedChatModel();
  const flow = await createFlow({ skills: await skills(CANCEL, STATUS), tools: TOOLS, model, ...(options.store ? { store: options.store } : {}) });
  const thread = options.thread ?? "t";
  const turns: TurnResult[] = [];
  const send = async (event: Parameters<Flow["send"]>[1]) => {
    const turn = await flow.send(thread, event);
    turns.push(turn);
    return turn;
  };
  const say = (text: string, reply: Record<string, unknown>) => {
    model.script(reply);
    return send({ text });
  };
  const press = (yes = true) => {
    const pending = turns.at(-1)!.pending;
    return send({ press: "go", yes, ...(pending.kind === "confirm" ? { card: pending.card.digest } : {}) });
  };
  return { flow, model, send, say, press, turns };
}

/** The first request: sign in and cancel #W1. */
async function cancelFirst(c: Awaited<ReturnType<typeof conversation>>) {
  await c.say("cancel #W1, I'm ava@x.com", { skill: "cancel", email: "ava@x.com", order_id: "#W1" });
  return c.press();
}

const shown = (turn: TurnResult) => turn.reply.join("\n");
const asked = (turn: TurnResult) => (turn.pending.kind === "ask" ? turn.pending.field : turn.pending.kind);
const ranTools = (turn: TurnResult) => turn.tools.map((t) => t.tool);

describe("a later request starts with what an earlier one established", () => {
  it("the sign-in is not asked again; its lookup and check run again from the kept email", async () => {
    db.cancelled = [];
    const c = await conversation();
    expect((await cancelFirst(c)).done).toBe(true);
    const second = await c.say("what about #W1 now?", { skill: "status", order_id: "#W1" });
    expect(second.skill).toBe("status");
    expect(shown(second)).toContain("Order #W1 is cancelled.");
    expect(shown(second)).not.toContain("What is your email?");
    expect(ranTools(second)).toEqual(["find_user", "order_status"]);
    expect((await c.flow.state("t"))?.answers.email).toMatchObject({ value: "ava@x.com" });
  });

  it("a third request of the first skill too, with its own write", async () => {
    db.cancelled = [];
    const c = await conversation();
    await cancelFirst(c);
    const again = await c.say("cancel #W2 as well", { skill: "cancel", order_id: "#W2" });
    expect(asked(again)).toBe("confirm");
    await c.press();
    expect(db.cancelled).toEqual(["#W1", "#W2"]);
  });

  it("a request put on hold gives its sign-in to the next one", async () => {
    const c = await conversation();
    await c.say("cancel an order, I'm ava@x.com", { skill: "cancel", email: "ava@x.com" });
    const status = await c.say("first, where is #W9?", { intent: "switch", skill: "status", order_id: "#W9" });
    expect(shown(status)).toContain("Order #W9 is pending.");
    expect(status.route?.held).toBe("cancel");
  });
});

describe("what does not carry over", () => {
  it("a cancelled request's answers: the next request asks again", async () => {
    const c = await conversation();
    await c.say("cancel an order, I'm ava@x.com", { skill: "cancel", email: "ava@x.com" });
    await c.say("never mind", { intent: "cancel" });
    expect(asked(await c.say("where is #W9?", { skill: "status", order_id: "#W9" }))).toBe("email");
  });

  it("another email in a later request is refused, with why; the kept one stays", async () => {
    const c = await conversation();
    await cancelFirst(c);
    const turn = await c.say("status of #W1 for bo@x.com", { skill: "status", email: "bo@x.com", order_id: "#W1" });
    expect(shown(turn)).toContain("The email was given earlier in this conversation (ava@x.com) and cannot change in it. Start a new conversation to use another.");
    expect((await c.flow.state("t"))?.answers.email?.value).toBe("ava@x.com");
  });

  it("a skill that declares the field without keep: asks for its own", async () => {
    const plain = skillText("status", "- ask: { order_id: \"Which order?\" }", "{ lookup: find_user }");
    const flow = await createFlow({ skills: await skills(CANCEL, plain), tools: TOOLS, model: new ScriptedChatModel([{ skill: "cancel", email: "ava@x.com", order_id: "#W1" }, { skill: "status" }]) });
    await flow.send("p", { text: "cancel #W1" });
    const card = (await flow.state("p"))!.pending;
    await flow.send("p", { press: "go", yes: true, ...(card?.kind === "confirm" ? { card: card.card.digest } : {}) });
    const turn = await flow.send("p", { text: "status" });
    expect(turn.pending).toMatchObject({ kind: "ask", field: "email" });
  });

  it("createFlow refuses skills that keep one field with two definitions", async () => {
    const other = skillText("status", "- say: hi", "{ pattern: \"@\", keep: conversation }");
    const hosting = createFlow({ skills: await skills(CANCEL, other), tools: TOOLS, model: new ScriptedChatModel() });
    await expect(hosting).rejects.toThrow(FlowLoadError);
    await expect(hosting).rejects.toThrow(/kept-field-differs: `email` is kept for the conversation here as `pattern: "@"` and in cancel as `lookup: find_user`/);
  });
});

describe("a kept answer gets no write past a gate it would not pass if asked", () => {
  it("a check that now fails: the later request asks again, and a yes cannot force the write", async () => {
    db.cancelled = [];
    const c = await conversation();
    await cancelFirst(c);
    db.active = false; // the account was closed between the two requests
    try {
      const turn = await c.say("cancel #W2 too", { skill: "cancel", order_id: "#W2" });
      expect(shown(turn)).toContain("That account is closed.");
      expect(shown(turn)).toContain("The email given earlier in this conversation (ava@x.com) no longer passes here, so it is asked again.");
      expect(asked(turn)).toBe("email");
      expect((await c.send({ press: "go", yes: true })).tools.filter((t) => t.kind === "write")).toEqual([]);
      expect(asked(await c.say("ava@x.com", { email: "ava@x.com" }))).toBe("email");
      expect(db.cancelled).toEqual(["#W1"]);
    } finally {
      db.active = true;
    }
  });

  it("a lookup that no longer knows it: the person signs in again, and the new answer is kept from then on", async () => {
    db.cancelled = [];
    const c = await conversation();
    await cancelFirst(c);
    db.email = "ava@new.com"; // what the lookup knows changed between the two requests
    try {
      const turn = await c.say("status of #W1", { skill: "status", order_id: "#W1" });
      expect(shown(turn)).toContain("no longer passes here, so it is asked again.");
      expect(asked(turn)).toBe("email");
      expect(shown(await c.say("ava@new.com", { email: "ava@new.com" }))).toContain("Order #W1 is cancelled.");
      const third = await c.say("cancel #W3", { skill: "cancel", order_id: "#W3" });
      expect(asked(third)).toBe("confirm");
      expect((await c.flow.state("t"))?.answers.email?.value).toBe("ava@new.com");
    } finally {
      db.email = "ava@x.com";
    }
  });

  it("a new value in the message is tried at once in place of a kept answer that no longer passes", async () => {
    const c = await conversation();
    await cancelFirst(c);
    db.email = "ava@new.com";
    try {
      const turn = await c.say("status of #W1, my email is ava@new.com now", { skill: "status", email: "ava@new.com", order_id: "#W1" });
      expect(shown(turn)).toContain("The email given earlier in this conversation (ava@x.com) no longer passes here, so the one in your message is used.");
      expect(shown(turn)).toContain("Order #W1 is");
    } finally {
      db.email = "ava@x.com";
    }
  });
});

describe("kept answers are in the checkpoint", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const stores = [["sqlite", () => {
    const dir = mkdtempSync(join(tmpdir(), "kept-"));
    dirs.push(dir);
    return `sqlite:${join(dir, "flow.sqlite")}`;
  }], ...(PG_URL ? [["postgres", () => PG_URL!]] : [])] as Array<[string, () => string]>;

  it.each(stores)("a new flow on the same %s store goes on with the sign-in", async (_kind, url) => {
    const where = url();
    const thread = `kept-${Date.now()}-${Math.random()}`;
    const first = await openCheckpointer(where);
    const before = await conversation({ store: first, thread });
    await cancelFirst(before);
    await first.close();
    const second = await openCheckpointer(where);
    try {
      const after = await conversation({ store: second, thread });
      const turn = await after.say("status of #W1", { skill: "status", order_id: "#W1" });
      expect(shown(turn)).toContain("Order #W1 is");
      expect(shown(turn)).not.toContain("What is your email?");
    } finally {
      await second.close();
    }
  });
});
