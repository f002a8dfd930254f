/**
 * The chat page in a real browser (headless Chromium via playwright-core), on a real server with the
 * offline extractor: book the conference trip by typing, clicking a flight row (the late one refused,
 * the grid back), picking a hotel and pressing Pay; a refund above the approval limit approved by a
 * signed-in supervisor on /approve while a wrong-role approver is refused. Screenshots are written to
 * test-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { HAVE_CHROMIUM, launch, screenshot, type OpenBrowser } from "./helpers/browser.js";
import { skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const suite = HAVE_CHROMIUM ? describe : describe.skip;
let serve: ServeFixture;
let chrome: OpenBrowser;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  const approvers = approverDirectory({
    approvers: {
      sam: { roles: ["supervisor"], credential: await hashCredential("sam-secret") },
      pat: { roles: ["manager"], credential: await hashCredential("pat-secret") },
    },
  });
  serve = await startServe({ skills: [skillPath("conference-trip"), skillPath("order-refund"), skillPath("account-change")], approvers });
  chrome = await launch();
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await serve?.close();
});

async function send(page: Page, text: string) {
  await page.getByLabel("Message").fill(text);
  await page.keyboard.press("Enter");
}

const lastBot = (page: Page) => page.locator("#log > li.bot").last();

suite(`the chat page in Chromium${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
  it("books the conference trip: type, click a flight (the late one refused), pick a hotel, Pay", async () => {
    const page = await chrome.browser.newPage();
    await page.goto(serve.url);
    await expect.poll(() => lastBot(page).textContent()).toContain("Account change: Change the plan");
    await send(page, "I need a conference trip");
    await expect.poll(() => lastBot(page).textContent()).toBe("Which conference are you going to?");
    await send(page, "Lisbon AI Summit, 3 nights");
    const flights = page.locator("li.grid").last();
    await flights.locator('tr[data-row="TP1352"]').waitFor();
    await screenshot(page, "chat-1-flights");
    await flights.locator('tr[data-row="TP1352"] td').nth(2).click();
    await page.locator("li.refusal", { hasText: "must land by 8 pm" }).waitFor();
    const again = page.locator("li.grid:not(.done)").last();
    await again.locator('tr[data-row="TP1350"]').waitFor();
    await screenshot(page, "chat-2-late-flight-refused");
    // Keyboard: the fresh grid's first button has the focus; Enter picks TP1350.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Choose TP1350");
    await page.keyboard.press("Enter");
    const hotels = page.locator("li.grid:not(.done)", { hasText: "Hotel Baixa Nova" });
    await hotels.getByRole("button", { name: "Choose Hotel Baixa Nova" }).click();
    const checkout = page.locator("li.checkout");
    await checkout.waitFor();
    const writes = await checkout.locator(".writes > li > .words").allTextContents();
    expect(writes).toEqual([
      "Hold flight TP1350 (TAP), leaving 17 March 2027, 07:05, landing at 09:40",
      "Book Hotel Baixa Nova (hotel code H-BAIXA) for 3 nights, 17 March 2027 to 20 March 2027, for Lisbon AI Summit",
      "Cabs both ways between the airport and Hotel Baixa Nova (hotel code H-BAIXA), meeting flight TP1350",
      "Charge 1,020.00 EUR to the company card for Lisbon AI Summit",
    ]);
    await screenshot(page, "chat-3-checkout");
    await checkout.getByRole("button", { name: "Pay" }).click();
    await expect.poll(() => lastBot(page).textContent()).toMatch(/Booked\. Your reference is TRIP-/);
    await expect.poll(() => checkout.getByRole("button", { name: "Pay" }).isDisabled()).toBe(true);
    await screenshot(page, "chat-4-booked");
    await page.close();
  });

  it("asks the authenticator code in a password field, sends it only as a resume answer, and never shows it", async () => {
    const page = await chrome.browser.newPage();
    const bodies: string[] = [];
    page.on("request", (r) => void (r.url().endsWith("/agui") && bodies.push(r.postData() ?? "")));
    await page.goto(serve.url);
    await expect.poll(() => lastBot(page).textContent()).toContain("Account change: Change the plan");
    await send(page, "I'd like to change my plan, my number is 07700900123");
    await expect.poll(() => page.locator("#say").getAttribute("type")).toBe("password");
    // Asked once: the question is the line above, which the box's description points at; its label says how it is typed.
    expect(await page.locator("#say-label").textContent()).toBe("Your answer (typed privately, never shown)");
    expect(await page.locator("#say").evaluate((input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent)).toBe("Please type the 6-digit code your authenticator app shows.");
    await screenshot(page, "secret-1-password-field");
    await page.locator("#say").fill("428193");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#log").textContent()).toContain("Thanks, Sam Patel.");
    await expect.poll(() => page.locator("#say").getAttribute("type")).toBe("text");
    expect(await page.locator("li.me").last().textContent()).toBe("•••••• (hidden)");
    expect(await page.content()).not.toContain("428193");
    const carrying = bodies.filter((b) => b.includes("428193")).map((b) => JSON.parse(b));
    expect(carrying).toHaveLength(1);
    expect(JSON.stringify(carrying[0].messages)).not.toContain("428193");
    expect(carrying[0].resume[0].payload).toEqual({ verification_code: "428193" });
    expect(serve.logs.join("\n")).not.toContain("428193");
    await page.close();
  });

  it("a conversation id stored by another session is not shown: the page starts a new conversation", async () => {
    const other = await chrome.browser.newPage();
    await other.goto(serve.url);
    await expect.poll(() => lastBot(other).textContent()).toContain("Account change: Change the plan");
    await send(other, "I need a conference trip");
    await expect.poll(() => lastBot(other).textContent()).toBe("Which conference are you going to?");
    const stolen = await other.evaluate(() => localStorage.getItem("skillflow.thread"));
    const page = await chrome.browser.newPage();
    await page.goto(serve.url);
    await page.evaluate((id) => localStorage.setItem("skillflow.thread", id!), stolen);
    await page.reload();
    await expect.poll(() => lastBot(page).textContent()).toContain("Account change: Change the plan");
    expect(await page.locator("#log").textContent()).not.toContain("Which conference are you going to?");
    expect(await page.evaluate(() => localStorage.getItem("skillflow.thread"))).not.toBe(stolen);
    await Promise.all([page.close(), other.close()]);
  });

  it("a refund over the limit is approved on /approve by the signed-in supervisor; a manager is refused", async () => {
    const customer = await chrome.browser.newPage();
    await customer.goto(serve.url);
    await expect.poll(() => lastBot(customer).textContent()).toContain("Account change: Change the plan");
    await send(customer, "I want a refund, my email is maria@example.com");
    await customer.getByRole("button", { name: "Choose A-1001" }).click();
    await customer.getByRole("button", { name: "card", exact: true }).click();
    await expect.poll(() => lastBot(customer).textContent()).toContain("What about the Espresso machine");
    await send(customer, "It arrived broken");
    const card = customer.locator("li.card:not(.done)");
    // The write in its words; an object input the words leave out is listed whole under them: its name, then the rest of it.
    const write = card.locator(".writes > li").first();
    expect(await write.locator(".words").textContent()).toBe("Open a return on order A-1001 and email you a prepaid label");
    expect(await write.locator(".details li").allTextContents()).toEqual(["The item being returned: Espresso machine (id: espresso, price: 189)"]);
    await card.getByRole("button", { name: "Yes" }).click();
    await customer.locator("li.approval").waitFor();
    expect(await customer.locator("li.approval").textContent()).toBe("Waiting for supervisor to approve. This page checks every few seconds.");
    await screenshot(customer, "refund-1-waiting");

    const approverContext = await chrome.browser.newContext();
    const manager = await approverContext.newPage();
    await manager.goto(`${serve.url}/approve`);
    await manager.getByLabel("Approver id").fill("pat");
    await manager.getByLabel("Credential").fill("pat-secret");
    await manager.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => manager.locator("#requests").textContent()).toContain("Nothing is waiting for you.");
    // The manager forges an answer to the supervisor's request: refused, 403.
    const id = ((await (await fetch(`${serve.url}/approvals`, { headers: { authorization: `Basic ${Buffer.from("sam:sam-secret").toString("base64")}` } })).json()) as { requests: Array<{ id: string }> }).requests[0]!.id;
    const forged = await manager.evaluate(async (rid) => (await fetch(`approvals/${rid}`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"yes":true}' })).status, id);
    expect(forged).toBe(403);
    await approverContext.close();

    const supervisorContext = await chrome.browser.newContext();
    const supervisor = await supervisorContext.newPage();
    await supervisor.goto(`${serve.url}/approve`);
    await supervisor.getByLabel("Approver id").fill("sam");
    await supervisor.getByLabel("Credential").fill("wrong");
    await supervisor.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => supervisor.locator("#status").textContent()).toBe("Unknown approver or wrong credential.");
    await supervisor.getByLabel("Credential").fill("sam-secret");
    await supervisor.getByRole("button", { name: "Sign in" }).click();
    const request = supervisor.locator(`article[data-request="${id}"]`);
    await request.waitFor();
    expect(await request.locator("h2").textContent()).toBe("Approve a refund of 189 EUR for the Espresso machine on order A-1001?");
    await screenshot(supervisor, "refund-2-approver");
    await request.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => supervisor.locator("#status").textContent()).toContain("Approved: Approve a refund of 189 EUR");
    await supervisorContext.close();

    // The customer's page picks the result up by itself.
    await expect.poll(() => customer.locator("#log").textContent(), { timeout: 15_000 }).toMatch(/Refund RF-\S+ for the Espresso machine is on its way/);
    await expect.poll(() => lastBot(customer).textContent()).toContain("What about the Milk jug");
    // The waiting note became the answer: nothing says "Waiting for supervisor" once the approval came.
    expect(await customer.locator("li.approval").allTextContents()).toEqual(["Approved by supervisor."]);
    await screenshot(customer, "refund-3-approved");
    await customer.close();
  });
});
