/**
 * The chat page says what `flow chat` says around a turn (core's `changeNotes`), in headless Chromium on
 * a real server: a message that answered nothing says so, with what the question takes; a value the
 * runtime would not take from a message is named with the reason; a no at the checkout says once that
 * nothing was run; a conversation handed over to a person says once that it ends there. The offline extractor reads the messages, except where a scripted model proposes a
 * value only a person may give (the pick of a flight). Each is checked at 1280 px and at 390 px, and the
 * viewport is kept as a screenshot in test-artifacts/ (notes-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ScriptedChatModel } from "@skillflow/langgraph";
import { HAVE_CHROMIUM, launch, screenshot, type OpenBrowser } from "./helpers/browser.js";
import { expectReadable, lastBot, timesShown } from "./helpers/page-reading.js";
import { skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const suite = HAVE_CHROMIUM ? describe : describe.skip;
const FLIGHTS = "Which flight would you like? They all leave the day before the conference.";
const NIGHTS = "How many nights will you stay?";
const NOTHING = "Nothing in that message answered the question.";
const SAID_NO = "You said no, so nothing was run. Change what you need, or say yes when it is right.";
const WIDTHS = [1280, 390] as const;
/** Per width: the opening message's values, then a flight the model may not pick. */
const SCRIPT = WIDTHS.flatMap(() => [{ conference: "Lisbon AI Summit", nights: 3 }, { flight_id: "TP1350" }]);
const TRANSFER = "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.";
const HANDED = "Handed over to a person. The conversation ends here; the New conversation button starts another.";
let offline: ServeFixture;
let scripted: ServeFixture;
let human: ServeFixture;
let chrome: OpenBrowser;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  const model = new ScriptedChatModel(SCRIPT, { strict: true });
  [offline, scripted, human, chrome] = await Promise.all([
    startServe({ skills: [skillPath("conference-trip")] }),
    startServe({ skills: [skillPath("conference-trip")], model }),
    startServe({ skills: [skillPath("retail/human-agent")] }),
    launch(),
  ]);
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await Promise.all([offline?.close(), scripted?.close(), human?.close()]);
});

async function open(serve: ServeFixture, width: number, first = "Which conference are you going to?"): Promise<Page> {
  const context = await chrome.browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(serve.url);
  await expect.poll(() => lastBot(page).textContent()).toBe(first);
  return page;
}

async function send(page: Page, text: string) {
  await page.locator("#say").fill(text);
  await page.keyboard.press("Enter");
  await page.locator("li.me", { hasText: text }).last().waitFor();
  await expect.poll(() => page.locator("#status").textContent()).toBe("");
}

const bots = (page: Page) => page.locator("#log > li.bot").allTextContents();

suite(`the chat page says flow chat's notes${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
  for (const width of WIDTHS) {
    it(`at ${width} px, a message that answered nothing says so, with what the question takes`, async () => {
      const page = await open(offline, width);
      await send(page, "Lisbon AI Summit");
      await expect.poll(() => lastBot(page).textContent()).toBe(NIGHTS);
      await send(page, "hmm");
      await expect.poll(async () => (await bots(page)).slice(-2)).toEqual([`${NOTHING} A stay can be from 1 to 14 nights.`, NIGHTS]);
      await expectReadable(page, lastBot(page));
      await screenshot(page, `notes-1-nothing-${width}`, { viewport: true });
      // At the flight list, the question takes a row: the note says only that nothing was answered.
      await send(page, "4 nights");
      await page.locator("li.grid:not(.done) tr[data-row='TP1350']").waitFor();
      await send(page, "I like blue");
      await expect.poll(async () => (await bots(page)).slice(-2)).toEqual([NOTHING, FLIGHTS]);
      expect(await page.locator("li.grid").count()).toBe(1);
      await page.context().close();
    });

    it(`at ${width} px, a no at the checkout says once that nothing was run`, async () => {
      const page = await open(offline, width);
      await send(page, "Lisbon AI Summit, 3 nights");
      await page.getByRole("button", { name: "Choose TP1350" }).click();
      await page.getByRole("button", { name: "Choose Hotel Baixa Nova" }).click();
      await page.locator("li.checkout:not(.done)").waitFor();
      await send(page, "no");
      await expect.poll(() => timesShown(page, SAID_NO)).toBe(1);
      expect((await bots(page)).join("\n")).not.toContain("Declined");
      await expectReadable(page, page.locator("li.checkout:not(.done)").getByRole("button", { name: "No" }));
      await screenshot(page, `notes-2-said-no-${width}`, { viewport: true });
      await page.context().close();
    });

    it(`at ${width} px, a pick the model proposed is named as not taken, with the reason`, async () => {
      const page = await open(scripted, width);
      await send(page, "Lisbon AI Summit, 3 nights");
      await page.locator("li.grid:not(.done) tr[data-row='TP1350']").waitFor();
      await send(page, "the early morning one");
      await expect.poll(async () => (await bots(page)).slice(-2)[0]).toMatch(/^Not taken from a message: flight_id \(.+\)\.$/);
      expect((await bots(page)).at(-1)).toBe(FLIGHTS);
      await expectReadable(page, lastBot(page));
      await screenshot(page, `notes-3-not-taken-${width}`, { viewport: true });
      await page.context().close();
    });

    it(`at ${width} px, a conversation handed over to a person says so once, with no tool name`, async () => {
      const page = await open(human, width, "What do you need help with?");
      await send(page, "My parcel was stolen from my porch");
      await expect.poll(async () => (await bots(page)).slice(-2)).toEqual([TRANSFER, HANDED]);
      // A later message is answered that a person has it; the end is not said again.
      await send(page, "hello?");
      await expect.poll(async () => (await bots(page)).length).toBeGreaterThan(3);
      expect(await timesShown(page, HANDED)).toBe(1);
      expect((await bots(page)).join("\n")).not.toContain("transfer_to_human_agents");
      await expectReadable(page, lastBot(page));
      await screenshot(page, `notes-4-handed-over-${width}`, { viewport: true });
      await page.context().close();
    });
  }
});
