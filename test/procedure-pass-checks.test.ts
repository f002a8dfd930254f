/**
 * The procedure of a `repeat` with `check:` (issue 38 E): the loop's step says what is checked after
 * every pass and that, otherwise, the person picks which pass to change; the write after the loop lists
 * the check among those that must have passed — in the Markdown and the HTML alike.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadSkill } from "@skillflow/core/loader";
import { renderProcedure } from "@skillflow/core";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("the procedure of a check across a loop's passes", () => {
  it("says the check after every pass, the pick of a pass to change, and the check before the write", async () => {
    const loaded = await loadSkill(join(root, "test/fixtures/loops/split-payment"));
    const skill = loaded.skill!;
    const md = renderProcedure(skill, "markdown");
    expect(md).toContain("  - After every pass: `round(sum(payments.map(p, p.amount)), 2) == find_booking.total`, before any step after it; otherwise say \"Those add up to {money(sum(payments.map(p, p.amount)))}, not {money(find_booking.total)}.\" and the person picks which `method` to change (its pass is asked again)");
    expect(md).toContain("- Check passed: step 3 (after every pass of `payments`): `round(sum(payments.map(p, p.amount)), 2) == find_booking.total`");
    const html = renderProcedure(skill, "html");
    expect(html).toContain("After every pass: <code>round(sum(payments.map(p, p.amount)), 2) == find_booking.total</code>");
    expect(html).toContain("Check passed: step 3 (after every pass of <code>payments</code>)");
  });
});
