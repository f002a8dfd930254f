/**
 * The chat page as a person reads it (issue 22), in headless Chromium on real servers: the newest line
 * and the buttons to press are never under the message box; a question is shown once, not also as its
 * widget's title; grids have headers in words (the skill's `columns:`); a menu number opens that skill;
 * a no says nothing ran; a row's words and a yes in words typed in the message box pick and pay; a
 * message after the end gets a reply; and /approve on a server without
 * approvers says so instead of showing a sign-in that can only fail. Viewport screenshots (what the
 * person sees) go to test-artifacts/, and each is checked by a test, not only taken.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { HAVE_CHROMIUM, launch, screenshot, type OpenBrowser } from "./helpers/browser.js";
import { expectReadable, lastBot, timesShown } from "./helpers/page-reading.js";
import { skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const suite = HAVE_CHROMIUM ? describe : describe.skip;
let several: ServeFixture;
let one: ServeFixture;
let chrome: OpenBrowser;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  [several, one, chrome] = await Promise.all([
    startServe({ skills: [skillPath("conference-trip"), skillPath("order-refund"), skillPath("account-change")] }),
    startServe({ skills: [skillPath("conference-trip")] }),
    launch(),
  ]);
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await Promise.all([several?.close(), one?.close()]);
});

async function send(page: Page, text: string) {
  await page.getByLabel("Message").fill(text);
  await page.keyboard.press("Enter");
}

async function toCheckout(page: Page) {
  await page.goto(one.url);
  await expect.poll(() => lastBot(page).textContent()).toBe("Which conference are you going to?");
  await send(page, "Lisbon AI Summit, 3 nights");
  await page.getByRole("button", { name: "Choose TP1350" }).click();
  await page.getByRole("button", { name: "Choose Hotel Baixa Nova" }).click();
  await page.locator("li.checkout:not(.done)").waitFor();
}

suite(`the chat page as a person reads it${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
  it("keeps the newest line and the buttons to press above the message box; each question is shown once; headers are words", async () => {
    const page = await chrome.browser.newPage();
    await page.goto(one.url);
    await expect.poll(() => lastBot(page).textContent()).toBe("Which conference are you going to?");
    await send(page, "Lisbon AI Summit, 3 nights");
    const flights = page.locator("li.grid:not(.done)");
    await flights.locator('tr[data-row="TP1350"]').waitFor();
    expect(await flights.locator("th").allTextContents()).toEqual(["", "Flight", "Airline", "Departs", "Lands", "Return fare (EUR)"]);
    expect(await timesShown(page, "Which flight would you like? They all leave the day before the conference.")).toBe(1);
    await expectReadable(page, flights.locator("tr").last());
    await page.getByRole("button", { name: "Choose TP1350" }).click();
    const hotels = page.locator("li.grid:not(.done)", { hasText: "Hotel Baixa Nova" });
    expect(await hotels.locator("th").allTextContents()).toEqual(["", "Hotel", "Stars", "Per night (EUR)"]);
    await hotels.getByRole("button", { name: "Choose Hotel Baixa Nova" }).click();
    expect(await page.locator("li.me").last().textContent()).toBe("Hotel Baixa Nova");
    const checkout = page.locator("li.checkout:not(.done)");
    await checkout.waitFor();
    expect(await timesShown(page, "Pay 1,020.00 EUR for flight TP1350 and 3 nights at Hotel Baixa Nova?")).toBe(1);
    await expectReadable(page, checkout.getByRole("button", { name: "No" }));
    await screenshot(page, "reading-1-checkout", { viewport: true });
    await checkout.getByRole("button", { name: "Pay" }).click();
    await expect.poll(() => lastBot(page).textContent()).toMatch(/^Booked\. Your reference is TRIP-/);
    await expectReadable(page, lastBot(page));
    await screenshot(page, "reading-2-booked", { viewport: true });
    // After the end, a message is answered (one skill: the conversation is finished).
    await send(page, "book another one");
    await expect.poll(() => lastBot(page).textContent()).toBe("This conversation is finished; nothing more will run in it. Start a new conversation for anything else.");
    await expectReadable(page, lastBot(page));
    await page.close();
  });

  it("a no at the checkout says nothing was run, above the same checkout shown again", async () => {
    const page = await chrome.browser.newPage();
    await toCheckout(page);
    await page.locator("li.checkout:not(.done)").getByRole("button", { name: "No" }).click();
    await expect.poll(() => page.locator("#log > li.bot").filter({ hasText: "nothing was run" }).count()).toBe(1);
    const again = page.locator("li.checkout:not(.done)");
    await again.waitFor();
    const lines = await page.locator("#log > li.bot").allTextContents();
    expect(lines.slice(-2)).toEqual(["You said no, so nothing was run. Change what you need, or say yes when it is right.", "Pay 1,020.00 EUR for flight TP1350 and 3 nights at Hotel Baixa Nova?"]);
    await expectReadable(page, again.getByRole("button", { name: "Pay" }));
    await screenshot(page, "reading-3-said-no", { viewport: true });
    await page.close();
  });

  it("a row's words and \"yes please\" typed in the message box pick and pay, as in flow chat (issue 36)", async () => {
    const page = await chrome.browser.newPage();
    await page.goto(one.url);
    await expect.poll(() => lastBot(page).textContent()).toBe("Which conference are you going to?");
    await send(page, "Lisbon AI Summit, 3 nights");
    await page.locator("li.grid:not(.done)").locator('tr[data-row="BA500"]').waitFor();
    await send(page, "the TAP one");
    await page.locator("#log > li.bot", { hasText: "2 options match that: TP1350 (TAP" }).waitFor();
    await send(page, "the British Airways one");
    await page.locator("li.grid:not(.done)", { hasText: "Hotel Baixa Nova" }).waitFor();
    await send(page, "Hotel Baixa Nova");
    await page.locator("li.checkout:not(.done)").waitFor();
    expect(await timesShown(page, "Pay 1,065.00 EUR for flight BA500 and 3 nights at Hotel Baixa Nova?")).toBe(1);
    await send(page, "yes please");
    await expect.poll(() => lastBot(page).textContent()).toMatch(/^Booked\. Your reference is TRIP-/);
    await screenshot(page, "reading-5-typed-answers", { viewport: true });
    await page.close();
  });

  it("a menu number opens that skill, as in flow chat; a number off the menu says which there are", async () => {
    const page = await chrome.browser.newPage();
    await page.goto(several.url);
    await expect.poll(() => lastBot(page).textContent()).toContain("3. Account change");
    expect(await page.locator("#log").textContent()).not.toContain("Nothing is in progress.");
    await send(page, "9");
    await page.locator("#log > li.bot", { hasText: "There are 3 skills: type a number from 1 to 3." }).waitFor();
    await send(page, "2");
    await expect.poll(() => lastBot(page).textContent()).toBe("What email address did you order with?");
    await expectReadable(page, lastBot(page));
    await page.close();
  });

  it("/approve without approvers says none are configured and how to add one, with no sign-in form", async () => {
    const page = await chrome.browser.newPage();
    await page.goto(`${one.url}/approve`);
    await expect.poll(() => page.locator("main").textContent()).toContain("No approvers are configured on this server");
    expect(await page.locator("main").textContent()).toContain("--approvers FILE");
    expect(await page.locator("#sign-in").count()).toBe(0);
    await screenshot(page, "reading-4-no-approvers", { viewport: true });
    await page.close();
  });
});
