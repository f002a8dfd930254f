/**
 * Answers kept for the conversation (`keep: conversation`), in the pure core: which answers a run
 * establishes, how a later run starts with them, that they cannot change there, and that a kept answer
 * gets no write past a gate it would not pass if asked (a lookup that no longer knows it, a check that
 * now fails): the request ends with the refusal, nothing written.
 */
import { describe, expect, it } from "vitest";
import { parseSkill } from "../../src/format/parse-skill.js";
import { giveKept, keptAnswers } from "../../src/runtime/kept-answers.js";
import { initialState } from "../../src/runtime/initial-state.js";
import { checkKeptFields, keptConflictSentence } from "../../src/check/check-kept-fields.js";
import { completeAt } from "../../src/edit/complete-at.js";
import { hoverAt } from "../../src/edit/hover-at.js";
import { asked, dropped, Host, refusals, says, skillFrom, T, toolInfo, tools, writes } from "./host.js";

const FIELDS = (keep: string) => `
sign_in: { choices: [email, name]${keep} }
email: { lookup: find_user${keep} }
name: { text: true${keep} }
order_id: { pattern: "^#W[0-9]+$" }`;

const skillText = (name: string, keep = ", keep: conversation", check = "find_user.active") => `---
name: ${name}
description: test
---
## Fields
\`\`\`yaml
${FIELDS(keep)}
\`\`\`
## Steps
\`\`\`yaml
- ask: { sign_in: "Email or name?" }
- when: sign_in == "email"
  steps:
    - ask: { email: "Your email?" }
      check: { ${check}: "That account is closed." }
- when: '!(sign_in == "email")'
  steps:
    - ask: { name: "Your name?" }
- ask: { order_id: "Which order?" }
- confirm: { go: "Cancel {order_id} for {find_user.user_id}?" }
- do: cancel_order
- say: "Cancelled {order_id}."
\`\`\`
`;

const TOOLS = [
  toolInfo("find_user", "lookup", { email: T.str }, { known: T.bool, user_id: T.str, active: T.bool }),
  toolInfo("cancel_order", "write", { user_id: T.str, order_id: T.str }, { ok: T.bool }),
];

/** The store: who is known and active can change between requests. */
function fakes(db: { known: boolean; active: boolean }) {
  return {
    find_user: (i: Record<string, unknown>) => ({ known: db.known && i.email === "ava@x.com", user_id: "ava_1", active: db.active }),
    cancel_order: () => ({ ok: true }),
  };
}

/** First request: sign in by email and cancel #W1; returns the finished host. */
function firstRequest(db = { known: true, active: true }) {
  const host = new Host(skillFrom(skillText("cancel_order"), TOOLS), fakes(db), "t:cancel_order");
  host.text("cancel #W1, I'm ava@x.com, my name is Ava", { sign_in: "email", email: "ava@x.com", name: "Ava", order_id: "#W1" });
  host.press("go");
  return host;
}

/** A second run of the same skill, started with what the first established. */
function secondRequest(first: Host, db = { known: true, active: true }, name = "cancel_order", text = skillText(name)) {
  const skill = skillFrom(text, TOOLS);
  const host = new Host(skill, fakes(db), `t:${name}#2`);
  host.state = giveKept(skill, initialState(`t:${name}#2`), keptAnswers(first.skill, first.state));
  return host;
}

describe("keep: conversation in the format", () => {
  const fieldsOnly = (fields: string) => parseSkill(`---\nname: t\ndescription: t\n---\n## Fields\n\`\`\`yaml\n${fields}\n\`\`\`\n## Steps\n\`\`\`yaml\n- ask: { a: "A?" }\n\`\`\`\n`, "t/SKILL.md");

  it("is read as a flag of the field", () => {
    expect(fieldsOnly("a: { text: true, keep: conversation }").skill?.fields.a?.keep).toBe("conversation");
  });

  it("refuses another word, and a secret kept for the conversation", () => {
    const other = fieldsOnly("a: { text: true, keep: forever }").diagnostics;
    expect(other.map((d) => [d.ruleId, d.reason])).toEqual([["invalid-field", "`keep:` of `a` is `forever`, not `conversation`."]]);
    const secret = fieldsOnly("a: { pattern: \"^[0-9]{4}$\", secret: true, keep: conversation }").diagnostics;
    expect(secret.map((d) => d.reason)).toEqual(["`keep:` of `a` cannot go with `secret: true`: a secret is given for one request and is never carried to another."]);
  });
});

describe("keep: in the editor", () => {
  const source = skillText("cancel_order");
  const skill = skillFrom(source, TOOLS);
  const line = source.split("\n").findIndex((l) => l.startsWith("email:"));

  it("completes keep as a key of a field, and conversation as its value", () => {
    const key = source.replace("email: { lookup: find_user, keep: conversation }", "email: { lookup: find_user, ke }");
    const keys = completeAt(key, { line, character: key.split("\n")[line]!.indexOf(" ke }") + 3 }, skill);
    expect(keys.map((c) => c.label)).toContain("keep");
    const value = source.replace("keep: conversation }", "keep: c }");
    const values = completeAt(value, { line, character: value.split("\n")[line]!.indexOf("keep: c") + 7 }, skill);
    expect(values.map((c) => c.label)).toEqual(["conversation"]);
  });

  it("hovers keep with what it does", () => {
    const hover = hoverAt(source, { line, character: source.split("\n")[line]!.indexOf("keep") + 1 }, skill);
    expect(hover).toContain("later requests of the conversation");
  });
});

describe("what a run establishes", () => {
  it("the kept answers whose asks the run passed, not a value off its path", () => {
    const first = firstRequest();
    expect(first.state.pending).toEqual({ kind: "done" });
    // `name` was taken from the message too, but the email branch never asks it.
    expect(keptAnswers(first.skill, first.state)).toEqual({ sign_in: { value: "email", by: "model" }, email: { value: "ava@x.com", by: "model" } });
  });

  it("nothing from a run whose check refused the answer", () => {
    const host = new Host(skillFrom(skillText("cancel_order"), TOOLS), fakes({ known: true, active: false }), "t:c");
    const turn = host.text("ava@x.com", { sign_in: "email", email: "ava@x.com" });
    expect(refusals(turn)).toEqual(["That account is closed."]);
    expect(keptAnswers(host.skill, host.state)).toEqual({ sign_in: { value: "email", by: "model" } });
  });
});

describe("a later request", () => {
  it("starts with them: nothing asked again, the lookup run again from the kept email", () => {
    const second = secondRequest(firstRequest());
    const turn = second.text("cancel #W2 too", { order_id: "#W2" });
    expect(tools(turn)).toEqual(["find_user"]);
    expect(says(turn).concat(turn.effects.flatMap((e) => (e.type === "confirm" ? [e.card.question] : [])))).toEqual(["Cancel #W2 for ava_1?"]);
    expect(writes(second.press("go"))).toEqual(["cancel_order"]);
  });

  it("refuses a change to a kept answer, and says why; the same value changes nothing", () => {
    const second = secondRequest(firstRequest());
    const changed = second.text("cancel #W2, my email is bo@x.com", { email: "bo@x.com", order_id: "#W2" });
    expect(dropped(changed)).toEqual(["email"]);
    expect(refusals(changed)).toEqual(["The email was given earlier in this conversation (ava@x.com) and cannot change in it. Start a new conversation to use another."]);
    expect(second.state.answers.email?.value).toBe("ava@x.com");
    const same = second.text("yes it's ava@x.com", { email: "ava@x.com", sign_in: "email" });
    expect([dropped(same), refusals(same)]).toEqual([[], []]);
  });

  it("refuses a pick or a typed switch of the either/or as well", () => {
    const second = secondRequest(firstRequest());
    const turn = second.text("by name then: Bo", { sign_in: "name", name: "Bo" });
    expect(refusals(turn)[0]).toMatch(/^The sign in was given earlier in this conversation \(email\)/);
    expect(asked(turn)).toBe("order_id");
  });

  it("is not given to a skill that declares the field without keep:", () => {
    const second = secondRequest(firstRequest(), undefined, "order_details", skillText("order_details", ""));
    expect(asked(second.text("hi", {}))).toBe("sign_in");
  });
});

describe("a kept answer gets no write past a gate it would not pass if asked", () => {
  const AGAIN = "The email given earlier in this conversation (ava@x.com) no longer passes here, so it is asked again.";

  it("a lookup that no longer knows it: refused and asked again, nothing written on it", () => {
    const second = secondRequest(firstRequest(), { known: false, active: true });
    const turn = second.text("cancel #W2", { order_id: "#W2" });
    expect([refusals(turn), says(turn), asked(turn)]).toEqual([["I could not find that. Please check and try again."], [AGAIN], "email"]);
    expect(second.state.answers.email).toBeUndefined();
    expect(writes(second.press("go"))).toEqual([]);
    // Only an answer that passes now goes on: nobody is known, so nothing ever runs.
    expect(writes(second.text("bo@x.com", { email: "bo@x.com" }))).toEqual([]);
    expect(asked(second.text("ava@x.com", { email: "ava@x.com" }))).toBe("email");
  });

  it("a check that now fails: refused and asked again; no write until an answer passes it", () => {
    const second = secondRequest(firstRequest(), { known: true, active: false });
    const turn = second.text("cancel #W2", { order_id: "#W2" });
    expect([refusals(turn), says(turn), asked(turn)]).toEqual([["That account is closed."], [AGAIN], "email"]);
    const same = second.text("ava@x.com", { email: "ava@x.com" });
    expect([refusals(same), asked(same)]).toEqual([["That account is closed."], "email"]);
    expect(writes(second.press("go"))).toEqual([]);
  });

  it("a value the message gives is tried in its place, and checked as any answer", () => {
    const db = { known: true, active: true };
    const first = firstRequest(db);
    // The second skill checks the account differently: the kept email does not pass its check.
    const strict = skillText("strict", ", keep: conversation", "find_user.user_id == 'ava_1' && email == 'ava@new.com'");
    const second = secondRequest(first, db, "strict", strict);
    const turn = second.text("cancel #W2, my email is ava@new.com", { email: "ava@new.com", order_id: "#W2" });
    // find_user knows only ava@x.com, so the new email is refused by its own lookup.
    expect(says(turn)).toEqual(["The email given earlier in this conversation (ava@x.com) no longer passes here, so the one in your message is used."]);
    expect([refusals(turn), asked(turn)]).toEqual([["I could not find that. Please check and try again."], "email"]);
    expect(second.state.kept).toEqual(["sign_in"]);
  });

  it("a later skill's own extra check runs on the kept answer too", () => {
    const strict = skillText("strict", ", keep: conversation", "find_user.user_id == 'someone_else'");
    const second = secondRequest(firstRequest(), undefined, "strict", strict);
    const turn = second.text("go", { order_id: "#W2" });
    expect([refusals(turn), asked(turn)]).toEqual([["That account is closed."], "email"]);
  });
});

describe("kept-field-differs", () => {
  it("reports a kept field declared another way by another skill, at its declaration", () => {
    const a = skillFrom(skillText("a"), TOOLS);
    const other = skillText("b").replace("email: { lookup: find_user, keep: conversation }", "email: { pattern: \"@\", keep: conversation }");
    const b = { ...skillFrom(other, TOOLS), file: "b/SKILL.md" };
    const [diagnostic, ...rest] = checkKeptFields([a, b]);
    expect(rest).toEqual([]);
    expect(diagnostic).toMatchObject({ file: "b/SKILL.md", ruleId: "kept-field-differs", line: 9 });
    expect(diagnostic!.reason).toBe("`email` is kept for the conversation here as `pattern: \"@\"` and in a as `lookup: find_user`: an answer one of them establishes would be given to the other.");
    expect(keptConflictSentence([a, b])).toMatch(/^b and a both keep email for the conversation/);
  });

  it("says nothing of the same definition worded otherwise, or of a field not kept elsewhere", () => {
    const a = skillFrom(skillText("a"), TOOLS);
    const worded = skillFrom(skillText("b").replace("email: { lookup: find_user, keep: conversation }", "email: { lookup: find_user, keep: conversation, message: \"No such account.\" }"), TOOLS);
    const notKept = skillFrom(skillText("c", "").replace("email: { lookup: find_user }", "email: { pattern: \"@\" }"), TOOLS);
    expect(checkKeptFields([a, worded, notKept])).toEqual([]);
  });
});
