/**
 * Red team, issue 8: the path an `ungated-write` diagnostic names must be a real path, and its fix must
 * close the gap. For a write *after* a `repeat` whose body asks a field the write depends on, the
 * checker names "a second pass of the repeat" and tells to put a confirm inside the repeat — but the
 * write is not in the repeat (one pass is enough to end the region), and a confirm inside the repeat
 * would not cover it (its region ends with the iteration). Fixed: after the loop the witness is the
 * first pass (paths.ts), and the fix is to confirm between the ask and the write.
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
  it("the diagnostic names the path after the repeat, and a fix that covers the write", () => {
    expect(diagnosticsOf(STEPS)).toEqual([
      "25 ungated-write: `hold` runs with no confirm above it on every path: the ask for `n` at line 24 ends the region of confirm `pay` (line 21) for `hold`, which takes `n`. Move the ask at line 24 above the confirm at line 21, or add a `confirm:` step between line 24 and line 25.",
    ]);
  });
});
