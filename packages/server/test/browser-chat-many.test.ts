/**
 * A pick of several rows on the chat page (`many: true`, issue 23), in headless Chromium on a real
 * server: the grid has a checkbox per row (Space ticks the focused one, a click on the row toggles it),
 * Send is disabled until a row is chosen and says how many, the question is shown once, and what is
 * sent is exactly what is ticked (a row ticked then unticked is not sent). The card lists both rows and
 * one write runs on yes. Viewport screenshots go to test-artifacts/ and each is checked: the last line
 * and the button to press are above the message box.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_CHROMIUM, launch, screenshot, type OpenBrowser } from "./helpers/browser.js";
import { expectReadable, lastBot, timesShown } from "./helpers/page-reading.js";
import { startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const RETURN_LINES = fileURLToPath(new URL("../../../test/fixtures/serve/return_lines", import.meta.url));
const suite = HAVE_CHROMIUM ? describe : describe.skip;
let serve: ServeFixture;
let chrome: OpenBrowser;
const returned = () => ((globalThis as Record<string, unknown>).__returnLines ?? []) as Array<{ order_id: string; item_ids: string[] }>;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  [serve, chrome] = await Promise.all([startServe({ skills: [RETURN_LINES] }), launch()]);
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await serve?.close();
});

suite(`the chat page: several rows picked from one grid${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
  it("ticks two rows (keyboard and click), sends exactly those, and the card lists both", async () => {
    const page = await chrome.browser.newPage();
    await page.goto(serve.url);
    await expect.poll(() => lastBot(page).textContent()).toBe("Which order would you like to return items from?");
    await page.getByLabel("Message").fill("#W1");
    await page.keyboard.press("Enter");
    const grid = page.locator("li.grid.many:not(.done)");
    await grid.locator('tr[data-row="mug"]').waitFor();
    const question = "Which items would you like to return? You can pick several.";
    expect(await timesShown(page, question)).toBe(1);
    expect(await grid.locator("th").allTextContents()).toEqual(["", "Item", "Price"]);
    const send = grid.getByRole("button", { name: "Send" });
    expect(await send.isDisabled()).toBe(true);

    // The focus is on the first row's checkbox: Space ticks it, as for any checkbox.
    const lamp = grid.getByRole("checkbox", { name: "Choose Desk lamp" });
    await expect.poll(() => lamp.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    expect(await lamp.isChecked()).toBe(true);
    await expect.poll(() => send.textContent()).toBe("Send this one");
    // A click on a row toggles it; a row ticked and unticked again is not sent.
    await grid.locator('tr[data-row="chair"] td').last().click();
    await grid.locator('tr[data-row="chair"] td').last().click();
    await grid.locator('tr[data-row="mug"] td').nth(1).click();
    expect(await grid.getByRole("checkbox", { name: "Choose Office chair" }).isChecked()).toBe(false);
    await expect.poll(() => send.textContent()).toBe("Send these 2");
    await expectReadable(page, send);
    await screenshot(page, "many-1-two-ticked", { viewport: true });

    const before = returned().length;
    await send.click();
    expect(await page.locator("li.me").last().textContent()).toBe("Desk lamp, Coffee mug");
    const card = page.locator("li.card:not(.done)");
    await card.waitFor();
    expect(await lastBot(page).textContent()).toBe("Return Desk lamp, Coffee mug from order #W1?");
    expect(await card.locator(".writes > li > .words").allTextContents()).toEqual(["Return items lamp, mug from order #W1"]);
    expect(await timesShown(page, "Return Desk lamp, Coffee mug from order #W1?")).toBe(1);
    // The grid answered is no longer live: its boxes keep what was sent and cannot change.
    const answered = page.locator("li.grid.done");
    expect(await answered.locator("input:checked").count()).toBe(2);
    expect(await answered.locator("input:not([disabled])").count()).toBe(0);
    await expectReadable(page, card.getByRole("button", { name: "No" }));
    await screenshot(page, "many-2-card", { viewport: true });

    await card.getByRole("button", { name: "Yes" }).click();
    await expect.poll(() => lastBot(page).textContent()).toBe("Returned 2 items from order #W1.");
    await expectReadable(page, lastBot(page));
    expect(returned().slice(before)).toEqual([{ order_id: "#W1", item_ids: ["lamp", "mug"] }]);
    await page.close();
  });
});
