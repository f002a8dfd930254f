/**
 * Issue 38 C in a real browser (headless Chromium via playwright-core): a `decide` shows one button per
 * option with the option's words, and a click takes that option's way; typing an option's words chooses
 * it too. A `decide … by: lead` shows the lead one button per option on /approve, and the choice reaches
 * the person's page.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { HAVE_CHROMIUM, launch, type OpenBrowser } from "./helpers/browser.js";
import { startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const fixture = (name: string) => fileURLToPath(new URL(`../../../test/fixtures/decide/${name}`, import.meta.url));
const suite = HAVE_CHROMIUM ? describe : describe.skip;
let person: ServeFixture;
let lead: ServeFixture;
let chrome: OpenBrowser;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  const approvers = approverDirectory({ approvers: { lee: { roles: ["lead"], credential: await hashCredential("lee-secret") } } });
  person = await startServe({ skills: [fixture("escalation")] });
  lead = await startServe({ skills: [fixture("escalation-lead")], approvers });
  chrome = await launch();
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await person?.close();
  await lead?.close();
});

async function send(page: Page, text: string) {
  await page.getByLabel("Message").fill(text);
  await page.keyboard.press("Enter");
}

const lastBot = (page: Page) => page.locator("#log > li.bot").last();

suite(`decide on the chat page in Chromium${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
  it("shows a button per option with its words; a click takes that way", async () => {
    const page = await chrome.browser.newPage();
    await page.goto(person.url);
    await expect.poll(() => lastBot(page).textContent()).toBe("Which ticket?");
    await send(page, "T-7");
    const buttons = page.locator("li.choices:not(.done) button");
    await buttons.first().waitFor();
    expect(await buttons.allTextContents()).toEqual(["Send it back to the developer", "Stop the work"]);
    expect(await lastBot(page).textContent()).toBe("Three reviews of T-7 without approval. What now?");
    await page.getByRole("button", { name: "Stop the work" }).click();
    await expect.poll(() => page.locator("#log").textContent()).toContain("The work on T-7 stops here.");
    await page.close();
  });

  it("typed option words choose it", async () => {
    const page = await chrome.browser.newPage();
    await page.goto(person.url);
    await expect.poll(() => lastBot(page).textContent()).toBe("Which ticket?");
    await send(page, "T-8");
    await page.locator("li.choices:not(.done) button").first().waitFor();
    await send(page, "send it back");
    const card = page.locator("li.card:not(.done)");
    await card.waitFor();
    expect(await card.locator(".writes .words").allTextContents()).toEqual(["Reopen ticket T-8"]);
    await page.close();
  });

  it("a decide by the lead: /approve shows a button per option, and the choice reaches the person", async () => {
    const customer = await chrome.browser.newPage();
    await customer.goto(lead.url);
    await expect.poll(() => lastBot(customer).textContent()).toBe("Which ticket?");
    await send(customer, "T-9");
    await customer.locator("li.approval").waitFor();
    // Nothing in the chat chooses: typing an option's words leaves it waiting.
    await send(customer, "stop");
    await customer.locator("li.approval").last().waitFor();

    const context = await chrome.browser.newContext();
    const approver = await context.newPage();
    await approver.goto(`${lead.url}/approve`);
    await approver.getByLabel("Approver id").fill("lee");
    await approver.getByLabel("Credential").fill("lee-secret");
    await approver.getByRole("button", { name: "Sign in" }).click();
    const request = approver.locator("article.choice");
    await request.waitFor();
    expect(await request.locator("h2").textContent()).toBe("Three reviews of T-9 without approval. What now?");
    expect(await request.locator("button").allTextContents()).toEqual(["Send it back to the developer", "Stop the work", "Decline"]);
    await request.getByRole("button", { name: "Send it back to the developer" }).click();
    await expect.poll(() => approver.locator("#status").textContent()).toBe("Chose send_back: Three reviews of T-9 without approval. What now?");
    await context.close();

    await expect.poll(() => customer.locator("#log").textContent(), { timeout: 15_000 }).toContain("Reopen ticket T-9");
    await customer.close();
  });
});
