/**
 * Our A2UI messages in the A2UI reference renderer (`@a2ui/lit` v0.9) in headless Chromium: a real
 * server run with `ui: "a2ui"` gives the trip's flight grid; the test page (a2ui-page/, bundled with
 * esbuild) draws it; a click on a row's Choose makes the renderer dispatch its action, which — sent back
 * as `forwardedProps.a2uiAction` — is the pick of that flight. The hotel grid, then the checkout's Pay
 * (its action carrying the card's digest) book the trip. The several-rows grid's checkboxes and the
 * secret code's password field are driven the same way: what the renderer resolves from its data model
 * is what is sent. Screenshots go to test-artifacts/.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import type { Locator, Page } from "playwright-core";
import { AguiDriver } from "./helpers/agui-driver.js";
import { act, surfacesOf, type Ops } from "./helpers/a2ui-client.js";
import { HAVE_CHROMIUM, launch, screenshot, type OpenBrowser } from "./helpers/browser.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const PAGE = fileURLToPath(new URL("./a2ui-page/a2ui-page.ts", import.meta.url));
const RETURN_LINES = fileURLToPath(new URL("../../../test/fixtures/serve/return_lines", import.meta.url));
const ORIGIN = "http://a2ui.test";
const suite = HAVE_CHROMIUM ? describe : describe.skip;
let script: string;
let trip: ServeFixture;
let account: ServeFixture;
let returns: ServeFixture;
let chrome: OpenBrowser;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  const bundle = await build({ entryPoints: [PAGE], bundle: true, format: "esm", platform: "browser", target: "es2022", write: false, logLevel: "warning" });
  script = bundle.outputFiles[0]!.text;
  [trip, account, returns, chrome] = await Promise.all([startServe(), startServe({ skills: [skillPath("account-change")] }), startServe({ skills: [RETURN_LINES] }), launch()]);
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await Promise.all([trip, account, returns].map((s) => s?.close()));
});

/** The test page: an empty list of surfaces and the bundled renderer. */
async function openPage(): Promise<Page> {
  const page = await chrome.browser.newPage({ viewport: { width: 720, height: 900 } });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
  await page.route(`${ORIGIN}/**`, (route) => route.fulfill(route.request().url().endsWith(".js")
    ? { contentType: "text/javascript", body: script }
    : { contentType: "text/html", body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A2UI</title><script type="module" src="/page.js"></script></head><body><main id="surfaces"></main></body></html>` }));
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => "a2ui" in window);
  (page as Page & { problems: string[] }).problems = problems;
  return page;
}

/** Draw the run's one surface; returns a locator on it. */
async function render(page: Page, ops: Ops[]) {
  expect(ops).toHaveLength(1);
  await page.evaluate((messages) => (window as any).a2ui.render(messages), ops[0]);
  const id = ops[0]!.find((m) => m.createSurface)!.createSurface.surfaceId as string;
  return page.locator(`a2ui-surface[data-surface="${id}"]`);
}

/** A grid's row (an A2UI Row) holding `text`. */
function rowOf(surface: Locator, text: string): Locator {
  return surface.locator("a2ui-basic-row", { hasText: text });
}

/** The next action the renderer dispatched (after `seen` earlier ones). */
async function nextAction(page: Page, seen: number): Promise<Record<string, any>> {
  await expect.poll(() => page.evaluate(() => (window as any).a2ui.actions.length)).toBe(seen + 1);
  return page.evaluate((i) => (window as any).a2ui.actions[i], seen);
}

async function a2uiChat(serve: ServeFixture, thread: string): Promise<AguiDriver> {
  const chat = new AguiDriver(serve.url, await newToken(serve.url), thread);
  chat.forwardedProps = { skillflow: { ui: "a2ui" } };
  await chat.look();
  return chat;
}

suite(`our A2UI in the reference renderer (@a2ui/lit) in Chromium${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
  it("draws the flight grid; a row's Choose dispatches the pick of that flight; the checkout's Pay books the trip", async () => {
    const chat = await a2uiChat(trip, "a2ui-browser-1");
    const flights = await chat.say("Lisbon AI Summit, 3 nights");
    const page = await openPage();
    const grid = await render(page, surfacesOf(flights));
    for (const text of ["Flight", "TP1350", "BA500", "FR8342", "TP1352"]) await expect.poll(() => grid.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, "a2ui-1-flight-grid");
    // The turn shown again (a run with nothing new) sends the same surface: it replaces the one drawn.
    const again = surfacesOf(await chat.look());
    expect(again[0]!.find((m) => m.createSurface)!.createSurface.surfaceId).toBe(flights.activities[0]!.messageId);
    await page.evaluate((messages) => (window as any).a2ui.render(messages), again[0]);
    expect(await page.locator(`a2ui-surface[data-surface="${flights.activities[0]!.messageId}"]`).count()).toBe(1);
    expect((page as Page & { problems: string[] }).problems).toEqual([]);

    // The row of TP1350, then its Choose (@a2ui/lit 0.11 does not put `accessibility.label` on the button).
    await rowOf(grid, "TP1350").getByRole("button", { name: "Choose" }).click();
    const pick = await nextAction(page, 0);
    expect(pick).toMatchObject({
      name: "skillflow.pick", surfaceId: flights.activities[0]!.messageId, sourceComponentId: "row.0.pick",
      context: { interruptId: flights.interrupt!.id, field: "flight_id", value: "TP1350" },
    });
    const hotels = await act(chat, pick);
    expect(hotels.error).toBeUndefined();
    expect(hotels.state!.answers.flight_id).toEqual({ value: "TP1350", by: "widget" });

    const hotelGrid = await render(page, surfacesOf(hotels));
    await rowOf(hotelGrid, "Hotel Baixa Nova").getByRole("button", { name: "Choose" }).click();
    const checkout = await act(chat, await nextAction(page, 1));
    const card = await render(page, surfacesOf(checkout));
    await expect.poll(() => card.getByText("Charge 1,020.00 EUR to the company card for Lisbon AI Summit").count()).toBe(1);
    expect(await card.getByText("take_payment").count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "a2ui-2-checkout");
    await card.getByRole("button", { name: "Pay" }).click();
    const pay = await nextAction(page, 2);
    expect(pay.context).toEqual({ interruptId: checkout.interrupt!.id, confirm: "pay", digest: (checkout.interrupt!.metadata as any).skillflow.card.digest, yes: true });
    const paid = await act(chat, pay);
    expect(paid.text.at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    expect(paid.state!.writes.map((w: { status: string }) => w.status)).toEqual(["done", "done", "done", "done"]);
    expect((page as Page & { problems: string[] }).problems).toEqual([]);
    await page.close();
  });

  it("sends the rows ticked in the several-rows grid as one list, and the code typed in a password field only in the action", async () => {
    const page = await openPage();
    const lines = await a2uiChat(returns, "a2ui-browser-2");
    const picker = await render(page, surfacesOf(await lines.say("#W1")));
    await picker.getByText("Desk lamp", { exact: false }).click();
    await picker.getByText("Coffee mug", { exact: false }).click();
    await screenshot(page, "a2ui-3-several-rows");
    await picker.getByRole("button", { name: "Send the rows ticked" }).click();
    const send = await nextAction(page, 0);
    expect(send.context).toMatchObject({ field: "item_ids", value: ["lamp", "mug"] });
    const card = await act(lines, send);
    expect(card.state!.answers.item_ids).toEqual({ value: ["lamp", "mug"], by: "widget" });

    const change = await a2uiChat(account, "a2ui-browser-3");
    const codeForm = await render(page, surfacesOf(await change.say("I'd like to change my plan, my number is 07700900123")));
    const field = codeForm.locator("input");
    await expect.poll(() => field.getAttribute("type")).toBe("password");
    await field.fill("428193");
    await screenshot(page, "a2ui-4-secret-code");
    await codeForm.getByRole("button", { name: "Send" }).click();
    const typed = await nextAction(page, 1);
    expect(typed.context).toMatchObject({ field: "verification_code", value: "428193" });
    const plans = await act(change, typed);
    expect(plans.state!.answers.verification_code).toEqual({ value: "[secret]", by: "widget" });
    expect(JSON.stringify(plans.events)).not.toContain("428193");
    await page.close();
  });
});
