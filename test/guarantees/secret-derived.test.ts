/**
 * Issue 9, points 6 and 7: secrets leak through tool output, and through free text typed before the
 * secret is asked. A lookup that takes the PIN and echoes it: the echo, rendered into the next question,
 * reached the model's prompt; a 3-digit secret showed in a reply (masking in text caught only 4+
 * characters); a refused PIN echoed by its check stayed in `state()`. Now the output of any tool that
 * took a secret is secret-derived: shown as `[secret]`, never in a prompt, masked in replies, state and
 * traces; every known secret value, current or refused, of any length, is masked where it stands alone.
 * A secret typed inside free text before it is asked, named as the secret, is hidden from the model and
 * typed again at its question (issue 21: never used unseen).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow, ScriptedChatModel } from "@skillflow/langgraph";

const PIN_ECHO = fileURLToPath(new URL("../fixtures/secrets/pin_echo", import.meta.url));
const ACCOUNT = fileURLToPath(new URL("../../skills/account-change", import.meta.url));

/** True when `secret` appears where it stands alone (not inside a longer number or word). */
const shows = (text: string, secret: string) => new RegExp(`(?<![A-Za-z0-9])${secret}(?![A-Za-z0-9])`).test(text);

describe("a tool that took a secret", () => {
  it("its output is never shown, never sent to the model, and not in what the flow hands out — nor is a refused PIN", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: PIN_ECHO, model });
    const seen: string[] = [];
    const send = async (input: Parameters<typeof flow.send>[1]) => {
      const turn = await flow.send("t", input);
      seen.push(JSON.stringify(turn), JSON.stringify(await flow.state("t")), JSON.stringify(await flow.conversation("t")));
      return turn;
    };
    await send({ text: "hello" });
    const refused = await send({ text: "913" });
    expect(refused.reply.join(" ")).toContain("That PIN is not right.");
    const accepted = await send({ text: "482" });
    expect(accepted.reply).toContain("PIN [secret] accepted. What note should we leave?");
    model.script({ note: "call me back" });
    const card = await send({ text: "Please call me back" });
    expect(card.reply.join(" ")).toContain("Leave the note \"call me back\"?");
    await send({ press: "save", card: card.cards[0]!.digest });
    for (const text of seen) {
      expect(shows(text, "913"), text).toBe(false);
      expect(shows(text, "482"), text).toBe(false);
    }
    const prompts = model.prompts.map((p) => p.messages.map((m) => m.content).join("\n"));
    expect(prompts.length).toBeGreaterThan(0);
    for (const prompt of prompts) {
      expect(prompt).not.toContain("482");
      expect(prompt).not.toContain("913");
    }
    // The lookup's own entries are masked whole in the state handed out; the checkpoint keeps them for the tools.
    const lookups = Object.values((await flow.state("t"))!.lookups).filter((e) => e.tool === "verify_pin");
    expect(lookups.length).toBeGreaterThan(0);
    for (const entry of lookups) expect(entry.result).toBe("[secret]");
  });
});

describe("a secret typed before it is asked, named as the secret", () => {
  it("is hidden from the model, and never used unseen: its question is asked and the person types it there", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: ACCOUNT, model, now: "2027-03-01T09:00:00Z" });
    model.script({ phone: "07700900123" });
    const turn = await flow.send("t", { text: "My number is 07700900123 and my code is 428193" });
    const prompt = model.prompts.at(-1)!.messages.map((m) => m.content).join("\n");
    expect(prompt).not.toContain("428193");
    expect(prompt).toContain("My number is 07700900123 and my code is [secret]");
    // Not taken as the answer: the question is asked, with a line saying why it is asked again.
    expect(turn.pending).toMatchObject({ kind: "ask", field: "verification_code" });
    expect(turn.reply).toEqual([
      "The verification code you typed earlier is not used until you type it here.",
      "Please type the 6-digit code your authenticator app shows.",
    ]);
    expect(JSON.stringify(turn)).not.toContain("428193");
    expect(JSON.stringify(await flow.state("t"))).not.toContain("428193");
    const next = await flow.send("t", { text: "428193" });
    expect(next.pending).toMatchObject({ kind: "ask", field: "new_plan" });
    expect(model.prompts).toHaveLength(1);
  });

  it("stays masked after its question was reached, in what the model and the flow's views get", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: ACCOUNT, model, now: "2027-03-01T09:00:00Z" });
    model.script({ phone: "07700900123" });
    await flow.send("t", { text: "07700900123, my code is 111111" });
    await flow.send("t", { text: "428193" });
    model.script({});
    await flow.send("t", { text: "by the way 111111 was my old code" });
    const last = model.prompts.at(-1)!.messages.at(-1)!.content;
    expect(last).toBe("by the way [secret] was my old code");
    expect(JSON.stringify(await flow.state("t"))).not.toContain("111111");
  });
});
