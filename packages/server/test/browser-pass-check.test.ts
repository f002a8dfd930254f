/**
 * The pick of a payment to change at a failing check across a loop's passes (issue 38 E), on the chat
 * page in headless Chromium on a real server: the check's message, then a grid of the payments that
 * reads in words (each with the amount its pass gave); a click on one asks its amount again, and the
 * card comes once the amounts add up. A viewport screenshot goes to test-artifacts/.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_CHROMIUM, launch, screenshot, type OpenBrowser } from "./helpers/browser.js";
import { lastBot } from "./helpers/page-reading.js";
import { startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const SPLIT_PAYMENT = fileURLToPath(new URL("../../../test/fixtures/loops/split-payment", import.meta.url));
const suite = HAVE_CHROMIUM ? describe : describe.skip;
let serve: ServeFixture;
let chrome: OpenBrowser;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  [serve, chrome] = await Promise.all([startServe({ skills: [SPLIT_PAYMENT] }), launch()]);
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await serve?.close();
});

suite(`the chat page: the payment to change${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
  it("shows the payments with their amounts in words; a click on one asks it again; then the card", async () => {
    const page = await chrome.browser.newPage();
    await page.goto(serve.url);
    await expect.poll(() => lastBot(page).textContent()).toBe("Which booking do you want to pay?");
    const say = async (text: string) => {
      await page.getByLabel("Message").fill(text);
      await page.keyboard.press("Enter");
    };
    await say("B1");
    const methods = page.locator("li.grid.many:not(.done)");
    await methods.locator('tr[data-row="gift-77"]').waitFor();
    await methods.locator('tr[data-row="visa-4242"] td').nth(1).click();
    await methods.locator('tr[data-row="gift-77"] td').nth(1).click();
    await methods.getByRole("button", { name: "Send these 2" }).click();
    await expect.poll(() => lastBot(page).textContent()).toBe("How much goes on Visa ending 4242?");
    await say("200");
    await expect.poll(() => lastBot(page).textContent()).toBe("How much goes on Gift card 77?");
    await say("50");

    const payments = page.locator("li.grid:not(.done)", { hasText: "Gift card 77" });
    await payments.locator('tr[data-row="gift-77"]').waitFor();
    expect(await page.getByText("Those add up to 250.00, not 300.00. Which one do you want to change?").count()).toBeGreaterThan(0);
    expect(await payments.locator("th").allTextContents()).toEqual(expect.arrayContaining(["Name", "Amount"]));
    expect(await payments.locator('tr[data-row="gift-77"]').textContent()).toContain("Gift card 77");
    expect(await payments.locator('tr[data-row="gift-77"]').textContent()).toContain("50");
    await screenshot(page, "pass-check-1-which-payment", { viewport: true });
    await payments.locator('tr[data-row="gift-77"]').getByRole("button").click();
    await expect.poll(() => lastBot(page).textContent()).toBe("How much goes on Gift card 77?");
    await say("100");
    await page.locator("li.card:not(.done)").waitFor();
    expect(await lastBot(page).textContent()).toBe("Charge Visa ending 4242 200.00, Gift card 77 100.00 for booking B1?");
    await page.close();
  });
});
