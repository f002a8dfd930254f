/**
 * The chat page acknowledges (issue 36 §3), in headless Chromium on a real server with the offline
 * extractor: a correction at a list or a card says what it set, in `flow chat`'s words ("Noted: nights
 * 4.", core's `notedValues`); the list or card shown again replaces its copy instead of stacking a second
 * one under it; and a secret's question is asked once (the reply's line), not again as the message box's
 * label. Each is checked at 1280 px and at 390 px, and the viewport is kept as a screenshot in
 * test-artifacts/ (ack-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { HAVE_CHROMIUM, launch, screenshot, type OpenBrowser } from "./helpers/browser.js";
import { expectReadable, lastBot, timesShown } from "./helpers/page-reading.js";
import { skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const suite = HAVE_CHROMIUM ? describe : describe.skip;
const FLIGHTS = "Which flight would you like? They all leave the day before the conference.";
const CODE = "This trip costs 1,440.00 EUR, over the 1,200.00 EUR travel budget. Please enter your manager's approval code.";
const WIDTHS = [1280, 390] as const;
let serve: ServeFixture;
let chrome: OpenBrowser;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  [serve, chrome] = await Promise.all([startServe({ skills: [skillPath("conference-trip")] }), launch()]);
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await serve?.close();
});

async function open(width: number): Promise<Page> {
  const context = await chrome.browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(serve.url);
  await expect.poll(() => lastBot(page).textContent()).toBe("Which conference are you going to?");
  return page;
}

async function send(page: Page, text: string) {
  await page.locator("#say").fill(text);
  await page.keyboard.press("Enter");
  await page.locator("li.me", { hasText: text }).last().waitFor();
  await expect.poll(() => page.locator("#status").textContent()).toBe("");
}

const bots = (page: Page) => page.locator("#log > li.bot").allTextContents();

suite(`the chat page acknowledges${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
  for (const width of WIDTHS) {
    it(`at ${width} px, a correction at the flight list says what it set, and the list is shown once`, async () => {
      const page = await open(width);
      await send(page, "Lisbon AI Summit, 3 nights");
      await page.locator("li.grid:not(.done) tr[data-row='TP1350']").waitFor();
      await send(page, "actually 4 nights");
      await expect.poll(async () => (await bots(page)).slice(-2)).toEqual(["Noted: nights 4.", FLIGHTS]);
      expect(await page.locator("li.grid").count()).toBe(1);
      const grid = page.locator("li.grid:not(.done)");
      await expectReadable(page, lastBot(page));
      expect(await grid.locator("tr[data-row]").count()).toBeGreaterThan(1);
      await screenshot(page, `ack-1-noted-${width}`, { viewport: true });
      // Shown once more (a second correction), still one list, and the new words.
      await send(page, "make it 5 nights");
      await expect.poll(async () => (await bots(page)).slice(-2)).toEqual(["Noted: nights 5.", FLIGHTS]);
      expect(await page.locator("li.grid").count()).toBe(1);
      await grid.getByRole("button", { name: "Choose TP1350" }).click();
      await page.locator("li.grid:not(.done)", { hasText: "Hotel Baixa Nova" }).waitFor();
      expect(await page.locator("li.grid").count()).toBe(2);
      await page.context().close();
    });

    it(`at ${width} px, a correction at the checkout says what it set, and the card is replaced, not stacked`, async () => {
      const page = await open(width);
      await send(page, "Lisbon AI Summit, 3 nights");
      await page.getByRole("button", { name: "Choose TP1350" }).click();
      await page.getByRole("button", { name: "Choose Hotel Baixa Nova" }).click();
      await page.locator("li.checkout:not(.done)").waitFor();
      const before = await page.locator("li.checkout").textContent();
      await send(page, "actually 2 nights");
      await expect.poll(async () => (await bots(page)).slice(-2)).toEqual(["Noted: nights 2.", "Pay 810.00 EUR for flight TP1350 and 2 nights at Hotel Baixa Nova?"]);
      expect(await page.locator("li.checkout").count()).toBe(1);
      const checkout = page.locator("li.checkout:not(.done)");
      // The card now standing is the new one (its words are the card's own: not pinned here).
      expect(await checkout.textContent()).not.toBe(before);
      await expectReadable(page, checkout.getByRole("button", { name: "No" }));
      await screenshot(page, `ack-2-card-${width}`, { viewport: true });
      await page.context().close();
    });

    it(`at ${width} px, the approval code is asked once: by the reply's line, not again by the box's label`, async () => {
      const page = await open(width);
      await send(page, "Lisbon AI Summit, 5 nights");
      await page.getByRole("button", { name: "Choose TP1350" }).click();
      await page.getByRole("button", { name: "Choose Hotel Baixa Nova" }).click();
      await expect.poll(() => page.locator("#say").getAttribute("type")).toBe("password");
      expect(await timesShown(page, CODE)).toBe(1);
      expect(await page.locator("#composer").textContent()).not.toContain("approval code");
      // The box still tells a screen reader what it is for: its description is the question.
      const box = page.getByRole("textbox", { name: "Your answer (typed privately, never shown)" });
      expect(await box.evaluate((input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent)).toBe(CODE);
      await expectReadable(page, lastBot(page));
      await screenshot(page, `ack-3-code-${width}`, { viewport: true });
      await page.locator("#say").fill("AB-123456");
      await page.keyboard.press("Enter");
      await page.locator("li.checkout:not(.done)").waitFor();
      await expect.poll(() => page.locator("#say").getAttribute("aria-describedby")).toBe(null);
      await page.context().close();
    });
  }
});
