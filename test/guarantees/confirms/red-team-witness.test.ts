/**
 * Red team, issue 8: the path an `ungated-write` diagnostic names must be a real path, and its fix must
 * close the gap. For a write *after* a `repeat` whose body asks a field the write depends on, the
 * checker names "a second pass of the repeat" and tells to put a confirm inside the repeat — but the
 * write is not in the repeat (one pass is enough to end the region), and a confirm inside the repeat
 * would not cover it (its region ends with the iteration). `it.fails` until the witness says "after the
 * repeat" and the fix says to confirm after it (paths.ts passes the body's `repeat-again` paths out of
 * the loop; describe-gap.ts words them).
 */
import { describe, expect, it } from "vitest";
import { diagnosticsOf } from "./red-team-skill.js";

const STEPS = `
- ask: { a: "Which option?" }
- ask: { n: "How many in all?" }
- confirm: { pay: "Go ahead?" }
- repeat: { for: it, in: quote.rows }
  steps:
    - ask: { n: "How many of {it.id}?" }
- do: hold
`;

describe("a write after a repeat whose body asks what it takes", () => {
  it("today: the diagnostic names a second pass of the repeat, and tells to confirm inside it", () => {
    expect(diagnosticsOf(STEPS)).toEqual([
      "25 ungated-write: on a second pass of the `repeat` at line 22, `hold` runs with no confirm above it: the ask for `n` at line 24 ends the region of confirm `pay` (line 21) for `hold`, which takes `n`. Put a `confirm:` step inside the `repeat` at line 22, above line 25, so each iteration confirms its own writes.",
    ]);
  });

  it.fails("the diagnostic names the path after the repeat, and a fix that covers the write", () => {
    const [diagnostic] = diagnosticsOf(STEPS);
    expect(diagnostic).not.toContain("second pass");
    expect(diagnostic).not.toContain("inside the `repeat`");
  });
});
