/**
 * Issue 3, point 4: secrets. While a secret is the pending question, free text never goes to the model:
 * text matching the shape becomes the value (provenance "user"), anything else is refused without echo.
 * Secrets are never echoed in replies and are redacted in traces and in anything exposed outward.
 */
import { describe, expect, it } from "vitest";
import { redactSecrets, redactStepResult } from "../../src/runtime/redact.js";
import { understandingContext } from "../../src/runtime/understanding-context.js";
import { asked, cards, dropped, Host, refusals, says, skillFrom, T, toolInfo } from "./host.js";
import { toCheckout, tripHost } from "./trip-fixture.js";

/** A trip over budget, waiting for the approval code. */
function overBudget(): Host {
  const host = tripHost();
  toCheckout(host, 4);
  expect(host.state.pending).toMatchObject({ kind: "ask", field: "approval_code", secret: true });
  return host;
}

describe("a pending secret", () => {
  it("is asked as a secret", () => {
    const host = tripHost();
    toCheckout(host, 4);
    expect(host.state.pending).toMatchObject({ kind: "ask", field: "approval_code", secret: true });
    expect(understandingContext(host.skill, host.state).secretPending).toBe(true);
  });

  it("takes typed text matching its pattern as the value, from the person", () => {
    const host = overBudget();
    const turn = host.send({ type: "text", text: "AB-123456" });
    expect(host.state.answers.approval_code).toMatchObject({ value: "AB-123456", by: "user" });
    expect(turn.trace).toContainEqual({ type: "field_set", field: "approval_code", key: "approval_code", by: "user", value: "[secret]" });
    expect(cards(turn).length).toBe(1);
  });

  it("refuses anything else with the field's message and never echoes it", () => {
    const host = overBudget();
    const turn = host.send({ type: "text", text: "my code is 123 hunter2" });
    expect(refusals(turn)).toEqual(["An approval code looks like AB-123456."]);
    expect(asked(turn)).toBe("approval_code");
    expect(JSON.stringify(turn.effects)).not.toContain("hunter2");
    expect(JSON.stringify(turn.trace)).not.toContain("hunter2");
    expect(host.state.answers.approval_code).toBeUndefined();
  });

  it("ignores a model extraction sent anyway (all of it dropped)", () => {
    const host = overBudget();
    const turn = host.send({
      type: "text", text: "AB-123456", extraction: { ok: true, values: { approval_code: "ZZ-999999", nights: 2 } },
    });
    expect(dropped(turn).sort()).toEqual(["approval_code", "nights"]);
    expect(host.state.answers.approval_code.value).toBe("AB-123456");
    expect(host.state.answers.nights.value).toBe(4);
  });

  it("a well-formed code that fails its check is refused with the check's message", () => {
    const host = overBudget();
    const turn = host.send({ type: "text", text: "ZZ-000000" });
    expect(refusals(turn)).toEqual(["That code is not valid for this trip."]);
    expect(asked(turn)).toBe("approval_code");
  });
});

describe("redaction", () => {
  it("redacts secret values from state, effects and trace exposed outward", () => {
    const host = overBudget();
    const turn = host.send({ type: "text", text: "AB-123456" });
    const raw = JSON.stringify(turn.results);
    expect(raw).toContain("AB-123456"); // the verify_code call needs it in clear
    const safe = JSON.stringify(turn.results.map((r) => redactStepResult(host.skill, r)));
    expect(safe).not.toContain("AB-123456");
    expect(safe).toContain("[secret]");
    expect(redactSecrets(host.skill, host.state, { note: "code AB-123456 ok" })).toEqual({ note: "code [secret] ok" });
    expect(host.state.answers.approval_code.value).toBe("AB-123456");
  });

  it("a template that names a secret shows it masked", () => {
    const skill = skillFrom(`---
name: s
description: d
---
## Fields

\`\`\`yaml
pin: { pattern: "^[0-9]{4}$", secret: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { pin: "Your PIN?" }
- say: "Thanks, PIN {pin} noted."
- do: noop
\`\`\`
`, [toolInfo("noop", "lookup", {}, { ok: T.bool })]);
    const host = new Host(skill, { noop: () => ({ ok: true }) });
    host.text("hi", {});
    const turn = host.send({ type: "text", text: "4321" });
    expect(says(turn)).toEqual(["Thanks, PIN [secret] noted."]);
  });
});
