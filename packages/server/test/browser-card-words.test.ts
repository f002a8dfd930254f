/**
 * Cards and grids in words on the chat page (issue 36), in headless Chromium on a real server, at a
 * desktop width (1280 px) and a phone width (390 px): the checkout reads as sentences — every write in
 * its card words with its inputs, money and dates formatted — and no tool name or input key shows
 * anywhere a person reads; the grid's headers are words and its times read as times; and no column of
 * the grid is cut off or pushed past the screen's edge. Screenshots of both widths go to test-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { HAVE_CHROMIUM, launch, screenshot, type OpenBrowser } from "./helpers/browser.js";
import { lastBot } from "./helpers/page-reading.js";
import { skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const suite = HAVE_CHROMIUM ? describe : describe.skip;
let server: ServeFixture;
let chrome: OpenBrowser;

/** Every name of the conference trip's tools and their inputs: none may show on the page. */
const RAW_NAMES = [
  "hold_flight", "hold_hotel", "reserve_cab", "take_payment", "search_flights", "search_hotels", "quote_trip", "quote_hotel",
  "flight_id", "hotel_id", "nights:", "total:", "conference:",
];

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  [server, chrome] = await Promise.all([startServe({ skills: [skillPath("conference-trip")] }), launch()]);
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

async function send(page: Page, text: string) {
  await page.getByLabel("Message").fill(text);
  await page.keyboard.press("Enter");
}

/** The parts of the grid that stick out of the table's box or the window (a column cut off or off screen). */
async function cutCells(page: Page, grid: string): Promise<string[]> {
  return page.locator(grid).evaluate((li) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const box = li.getBoundingClientRect();
    if (li.scrollWidth > li.clientWidth + 1) out.push(`the grid scrolls sideways (${li.scrollWidth} > ${li.clientWidth})`);
    for (const cell of li.querySelectorAll("th, td, button")) {
      const r = cell.getBoundingClientRect();
      if (r.right > Math.min(width, box.right) + 1 || r.left < Math.max(0, box.left) - 1) out.push(`"${cell.textContent}" reaches ${Math.round(r.left)}–${Math.round(r.right)} px of ${width}`);
      if (cell.scrollWidth > cell.clientWidth + 1) out.push(`"${cell.textContent}" is cut (${cell.scrollWidth} > ${cell.clientWidth})`);
    }
    return out;
  });
}

for (const width of [1280, 390]) {
  suite(`cards and grids in words at ${width} px${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
    it("the flight grid's headers and times are words, no column is cut; the checkout reads as sentences with no raw name", async () => {
      const context = await chrome.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(server.url);
      await expect.poll(() => lastBot(page).textContent()).toBe("Which conference are you going to?");
      await send(page, "Lisbon AI Summit, 3 nights");
      const flights = "li.grid:not(.done)";
      await page.locator(`${flights} tr[data-row="TP1350"]`).waitFor();
      expect(await page.locator(`${flights} th`).allTextContents()).toEqual(["", "Flight", "Airline", "Departs", "Lands", "Return fare (EUR)"]);
      expect(await page.locator(`${flights} tr[data-row="TP1350"] td`).allTextContents()).toEqual(["Choose", "TP1350", "TAP", "17 Mar, 07:05", "17 Mar, 09:40", "320"]);
      expect(await cutCells(page, flights)).toEqual([]);
      await screenshot(page, `card-words-${width}-1-flights`, { viewport: true });
      await page.getByRole("button", { name: "Choose TP1350" }).click();
      await page.getByRole("button", { name: "Choose Hotel Baixa Nova" }).click();
      const checkout = page.locator("li.checkout:not(.done)");
      await checkout.waitFor();
      expect(await checkout.locator("ol.writes > li > .words").allTextContents()).toEqual([
        "Hold flight TP1350 (TAP), leaving 17 March 2027, 07:05, landing at 09:40",
        "Book Hotel Baixa Nova (hotel code H-BAIXA) for 3 nights, 17 March 2027 to 20 March 2027, for Lisbon AI Summit",
        "Cabs both ways between the airport and Hotel Baixa Nova (hotel code H-BAIXA), meeting flight TP1350",
        "Charge 1,020.00 EUR to the company card for Lisbon AI Summit",
      ]);
      // Programs still find the raw tool beside the words.
      expect(await checkout.locator("ol.writes > li").evaluateAll((items) => items.map((li) => li.getAttribute("data-tool")))).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
      const read = await page.locator("main").innerText();
      for (const raw of RAW_NAMES) expect(read, `"${raw}" shows on the page`).not.toContain(raw);
      expect(await cutCells(page, "li.checkout:not(.done)")).toEqual([]);
      await screenshot(page, `card-words-${width}-2-checkout`, { viewport: true });
      await context.close();
    });
  });
}
