/** What the browser tests of the chat page check about what a person can read. */
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

/** The assistant's last bubble. */
export const lastBot = (page: Page) => page.locator("#log > li.bot").last();

/** The element is wholly inside the viewport and above the message box (not under it). */
export async function expectReadable(page: Page, target: Locator): Promise<void> {
  await expect.poll(async () => {
    const box = await target.boundingBox();
    const composer = await page.locator("#composer").boundingBox();
    return box !== null && composer !== null && box.y >= 0 && box.y + box.height <= composer.y + 1;
  }, { timeout: 5000 }).toBe(true);
}

/** How many visible elements of the conversation show exactly this text (a question shown twice counts 2). */
export async function timesShown(page: Page, text: string): Promise<number> {
  return page.locator("#log").evaluate((log, wanted) => {
    const own = (el: Element) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join("").trim();
    return [...log.querySelectorAll("*")].filter((el) => own(el) === wanted && (el as HTMLElement).offsetParent !== null).length;
  }, text);
}
