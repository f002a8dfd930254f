/**
 * `typed: true`: a value the model proposes for the field is taken only when it stands in what the
 * person typed. The attack it answers (τ²-bench retail's sign-in): a model that fills the email of an
 * account with one the person never wrote — the lookup knows it, so without the flag the sign-in passes
 * as someone else.
 */
import { describe, expect, it } from "vitest";
import { parseSkill } from "../../src/format/parse-skill.js";
import { typedIn } from "../../src/runtime/apply-text.js";
import { asked, cards, dropped, Host, skillFrom, T, toolInfo, writes } from "./host.js";

const TOOLS = [
  toolInfo("find_user", "lookup", { email: T.str }, { known: T.bool, user_id: T.str }),
  toolInfo("close_account", "write", { user_id: T.str, reason: T.str }, { done: T.bool }),
];

const skillText = (flag: string) => `---
name: close
description: Close an account.
---

## Fields

\`\`\`yaml
email: { lookup: find_user${flag} }
reason: { text: true${flag} }
\`\`\`

## Steps

\`\`\`yaml
- ask: { email: "The email address of your account?" }
- ask: { reason: "Why would you like to close it?" }
- confirm: { close: "Close the account of {email}?" }
- do: close_account
\`\`\`
`;

const USERS: Record<string, string> = { "ada@example.com": "u-ada", "bob@example.com": "u-bob" };

function host(flag = ", typed: true"): Host {
  return new Host(skillFrom(skillText(flag), TOOLS), {
    find_user: (i) => (USERS[String(i.email)] ? { known: true, user_id: USERS[String(i.email)] } : { known: false, user_id: "" }),
    close_account: () => ({ done: true }),
  });
}

describe("typed: true", () => {
  it("drops a value the person never typed, and asks again: nobody is signed in as another user", () => {
    const h = host();
    const turn = h.text("it's the one I always use", { email: "bob@example.com" });
    expect(dropped(turn)).toEqual(["email"]);
    expect(asked(turn)).toBe("email");
    expect(h.state.answers.email).toBeUndefined();
    // Without the flag the same reply signs in as Bob: the attack is real.
    const open = host("");
    open.text("it's the one I always use", { email: "bob@example.com" });
    expect(open.state.answers.email?.value).toBe("bob@example.com");
  });

  it("takes the value the person typed, whatever its letter case and spacing", () => {
    const h = host();
    h.text("Sure:  ADA@Example.com", { email: "ada@example.com" });
    expect(h.state.answers.email?.value).toBe("ada@example.com");
    const turn = h.text("I   am moving\nabroad", { reason: "I am moving abroad" });
    expect(cards(turn)[0]!.writes[0]!.inputs).toEqual({ user_id: "u-ada", reason: "I am moving abroad" });
    expect(writes(h.press("close"))).toEqual(["close_account"]);
  });

  it("refuses a value that is only part of a longer word, address or id in the message", () => {
    expect(typedIn("ada@example.com.au", "ada@example.com")).toBe(false);
    expect(typedIn("jada@example.com", "ada@example.com")).toBe(false);
    expect(typedIn("j.ada@example.com", "ada@example.com")).toBe(false);
    expect(typedIn("I live in Leeds", "Lee")).toBe(false);
    expect(typedIn("order W-12345", "12345")).toBe(false);
    expect(typedIn("it is ada@example.com.", "ada@example.com")).toBe(true);
    expect(typedIn("(ada@example.com)", "ada@example.com")).toBe(true);
    expect(typedIn("Lee, Leeds", "Lee")).toBe(true);
    expect(typedIn("anything", "")).toBe(false);
    expect(typedIn("42", 42)).toBe(false);
  });

  it("goes with text, pattern and lookup fields only", () => {
    const parsed = parseSkill(`---\nname: n\ndescription: d.\n---\n\n## Fields\n\n\`\`\`yaml\nnights: { number: {}, typed: true }\ncode: { pattern: "^[0-9]{4}$", typed: yes }\n\`\`\`\n\n## Steps\n\n\`\`\`yaml\n- ask: { nights: "How many?" }\n\`\`\`\n`, "n/SKILL.md");
    const messages = parsed.diagnostics.map((d) => `${d.ruleId}: ${d.reason}`);
    expect(messages).toContainEqual(expect.stringContaining("invalid-field: `typed:` of `nights` only applies to `text:`, `pattern:` and `lookup:` fields"));
    expect(messages).toContainEqual(expect.stringContaining("invalid-field: `typed:` of `code` is"));
  });
});
