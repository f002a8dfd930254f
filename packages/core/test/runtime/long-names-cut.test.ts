/**
 * Issue 36 §5: a 100 KB name is cut in what the runtime says, as in `flow check`'s messages — its first
 * 80 characters, "…" and its length (`shortName`). A write in doubt names its tool, a refused change
 * names the write and the field, a value not taken names the field: each sentence stays short, while the
 * trace keeps the names whole for programs.
 */
import { describe, expect, it } from "vitest";
import { changeNotes } from "../../src/runtime/change-notes.js";
import { notedValues } from "../../src/runtime/noted-values.js";
import { errors, Host, refusals, skillFrom, T, toolInfo } from "./host.js";

const TOOL = `b${"o".repeat(99_999)}`;
const FIELD = `n${"i".repeat(99_999)}`;
const CONFIRM = `c${"f".repeat(99_999)}`;
const cut = (name: string) => `${name.slice(0, 80)}… (100,000 characters)`;

const MD = `---
name: long
description: Names of 100 KB.
---

## Fields

\`\`\`yaml
? ${FIELD}
: { number: { min: 1, max: 14 } }
\`\`\`

## Steps

\`\`\`yaml
- ask:
    ? ${FIELD}
    : "How many nights?"
- confirm:
    ? ${CONFIRM}
    : "Book it?"
- do: ${TOOL}
- say: "Booked."
\`\`\``;

function longHost(fails: number) {
  const skill = skillFrom(MD, [toolInfo(TOOL, "write", { [FIELD]: T.int }, { ok: T.bool })]);
  return new Host(skill, { [TOOL]: () => { if (fails-- > 0) throw new Error("timed out"); return { ok: true }; } });
}

describe("a 100 KB name in what the runtime says", () => {
  it("is cut in a write's failure and in the refusal of a change, and kept whole in the trace", () => {
    const host = longHost(1);
    const set = host.text("3 nights", { [FIELD]: 3 });
    expect(notedValues(set.trace)).toBe(`Noted: ${cut(FIELD)} 3.`);
    const failed = host.press(CONFIRM);
    expect(errors(failed)).toEqual([`${cut(TOOL)} failed: timed out, so it may or may not have run. Nothing after it was run; confirm again to retry it with the same details.`]);
    const change = host.text("4 nights", { [FIELD]: 4 });
    const [refusal] = refusals(change);
    expect(refusal).toBe(`${cut(TOOL)} may already have run with ${cut(FIELD)} 3, so ${cut(FIELD)} cannot change now.`);
    expect(change.trace.find((t) => t.type === "refused")).toMatchObject({ field: FIELD, message: refusal });
  });

  it("is cut in the note on a value not taken (the press of a confirmation that is not waiting)", () => {
    const host = longHost(0);
    const turn = host.press(CONFIRM);
    expect(turn.trace.find((t) => t.type === "dropped")).toMatchObject({ field: CONFIRM });
    const [note] = changeNotes(turn, false);
    expect(note).toBe(`Not taken from a message: ${cut(CONFIRM)} (no such confirmation is waiting for an answer).`);
  });
});
