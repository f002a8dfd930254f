/**
 * The Studio in a real browser (headless Chromium via playwright-core) on a real Studio: type an
 * ungated write (with completion and hover) and see its underline and sentence, fix it and see them
 * clear; sign in, save twice, diff and restore; run the proofs from the page; run the skill on the Flow
 * page to a finished booking and reset it; the procedure and What it proved; a draft from a sentence.
 * A screenshot of each view goes to test-artifacts/studio-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ScriptedChatModel } from "@skillflow/langgraph";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { draftModelOf, type TextChatModel } from "@skillflow/studio";
import { ARTIFACTS, HAVE_CHROMIUM, launch, screenshot, type OpenBrowser } from "../../server/test/helpers/browser.js";
import { ROOT, startStudio, type StudioFixture } from "./helpers/studio-fixture.js";

const suite = HAVE_CHROMIUM ? describe : describe.skip;
const draftChat = new ScriptedChatModel([], { strict: true });
let local: StudioFixture;
let signed: StudioFixture;
let chrome: OpenBrowser;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  const approvers = approverDirectory({ approvers: { sam: { roles: ["author"], credential: await hashCredential("sam-secret") } } });
  [local, signed] = await Promise.all([startStudio({ draftModel: draftModelOf(draftChat as unknown as TextChatModel, "scripted") }), startStudio({ approvers })]);
  chrome = await launch();
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await Promise.all([local?.close(), signed?.close()]);
});

async function open(page: Page, base: string, skill: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${base}/?skill=${skill}`);
  await expect.poll(() => page.locator("#verdict").textContent(), { timeout: 15_000 }).toContain("passes the check");
}

/** Put the cursor at the start of the Canvas step's line (a click on the step jumps there). */
async function toStep(page: Page, step: string) {
  await page.getByRole("tab", { name: "Canvas" }).click();
  await page.locator(`button.step-title[data-step="${step}"]`).click();
  await page.keyboard.press("Home");
}

/** The middle of `word` in the first editor line that contains `line` (to hover it). */
function wordPoint(page: Page, line: string, word: string): Promise<{ x: number; y: number }> {
  return page.evaluate(([line, word]) => {
    const row = [...document.querySelectorAll(".cm-line")].find((l) => l.textContent!.includes(line))!;
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(word);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at + 2);
      range.setEnd(node, at + 3);
      const box = range.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    throw new Error(`no ${word} in ${line}`);
  }, [line, word] as const);
}

/** One view at its full height, without the editor beside it, for the docs. */
async function panelShot(page: Page, view: string, name: string) {
  // A frame paints only what the viewport shows: make the viewport as tall as the shot.
  await page.setViewportSize({ width: 1400, height: 1700 });
  await page.evaluate(() => {
    if (document.getElementById("full-height")) return;
    const style = Object.assign(document.createElement("style"), { id: "full-height" });
    style.textContent = ".editor-pane { display: none; } .studio { height: auto !important; grid-template-columns: 900px !important; } .view { overflow: visible !important; flex: none !important; } .procedure { height: 1560px !important; }";
    document.head.append(style);
  });
  await page.locator(`#view-${view}`).screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true }).click();

/**
 * Hold the page's next `method` request to `url`: the Studio answers it at once (`fetched`), and the page
 * gets that answer only on `deliver()`, which resolves with its JSON once the page has had time to handle
 * it (its task queue drained past it: the answer parsed and any view drawn).
 */
async function holdFirst(page: Page, url: RegExp, method: string) {
  let answered!: () => void;
  const fetched = new Promise<void>((resolve) => (answered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = true;
  let request: unknown;
  await page.route(url, async (route) => {
    if (route.request().method() !== method || !holding) return route.continue();
    holding = false;
    request = route.request();
    const response = await route.fetch();
    answered();
    await released;
    await route.fulfill({ response });
  });
  return {
    fetched,
    async deliver(): Promise<any> {
      const late = page.waitForResponse((r) => r.request() === request);
      release();
      const json = await (await late).json();
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
      return json;
    },
  };
}

suite(`the Studio in Chromium${HAVE_CHROMIUM ? "" : " (skipped: /usr/bin/chromium missing)"}`, () => {
  it("types an ungated write (completing the tool, hovering it): underline and sentence appear; the fix clears them", async () => {
    const page = await chrome.browser.newPage();
    await open(page, local.url, "conference-trip");
    await screenshot(page, "studio-1-canvas");
    await toStep(page, "8");
    await page.keyboard.insertText("\n");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.insertText("- do: hold_f");
    await page.keyboard.press("Control+Space");
    const option = page.locator(".cm-tooltip-autocomplete li", { hasText: "hold_flight" });
    await option.waitFor();
    expect(await page.locator(".cm-tooltip-autocomplete li").allTextContents()).toEqual([expect.stringMatching(/^hold_flightwrite/)]);
    await option.click();
    const sentence = "error ungated-write: `hold_flight` runs with no confirm above it on every path. Add a `confirm:` step above line 59, so the person approves `hold_flight` before it runs.";
    await expect.poll(() => page.locator("#problems li.error").allTextContents()).toEqual([`SKILL.md:59:3 ${sentence}`]);
    // Underlined at line 59, column 3: the step's `do`.
    const underline = page.locator(".cm-lintRange-error");
    await expect.poll(() => underline.allTextContents()).toEqual(["do"]);
    expect(await page.locator(".cm-line", { has: underline }).textContent()).toBe("- do: hold_flight");
    expect(await page.locator("#verdict").textContent()).toBe("✗ 1 error");
    expect(await page.locator('li.step.write.ungated[data-step="8"] .badge').textContent()).toBe("write with NO confirm above it");
    await underline.first().hover();
    await expect.poll(() => page.locator(".cm-tooltip-lint").textContent()).toContain("`hold_flight` runs with no confirm above it on every path.");
    await page.mouse.move(5, 5);
    const at = await wordPoint(page, "- do: hold_flight", "hold_flight");
    await page.mouse.move(at.x, at.y);
    await expect.poll(() => page.locator(".cm-tooltip-hover .hover").textContent()).toContain("hold_flight · write (runs only after a confirm, once)");
    await screenshot(page, "studio-2-ungated-write");
    // The fix the sentence asks for: a confirm right above the write.
    await toStep(page, "8");
    await page.keyboard.insertText('- confirm: { hold: "Hold flight {flight_id} now?" }\n');
    await expect.poll(() => page.locator("#verdict").textContent()).toBe("✓ passes the check");
    expect(await page.locator(".cm-lintRange-error").count()).toBe(0);
    expect(await page.locator("#problems li").count()).toBe(0);
    // Confirms stack: `hold` also covers the writes below `pay` (no answer between changes them).
    expect(await page.locator('li.step.kind-confirm[data-step="8"] .badge').textContent()).toMatch(/^covers hold_flight \(step 9\), hold_flight \(step 12\), hold_hotel/);
    expect(await page.locator('li.step.write.gated[data-step="9"] .badge').textContent()).toBe("write, gated by hold");
    await screenshot(page, "studio-3-fixed");
    await page.close();
  });

  it("signs in, saves twice, compares the two versions and restores the first", async () => {
    const page = await chrome.browser.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${signed.url}/?skill=order-refund`);
    await page.getByLabel("Author id").fill("sam");
    await page.getByLabel("Credential").fill("wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.locator("#sign-in-status").textContent()).toBe("Unknown author or wrong credential (an author holds the role author in the approvers file).");
    await page.getByLabel("Credential").fill("sam-secret");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.locator("#who").textContent()).toBe("author: sam");
    await expect.poll(() => page.locator("#verdict").textContent()).toContain("passes the check");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator("#saved").textContent()).toBe("saved version 1");
    await toStep(page, "6");
    await page.keyboard.insertText('- say: "One more thing before you go."\n');
    await expect.poll(() => page.locator(".step-title[data-step='7']").count()).toBe(1);
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator("#saved").textContent()).toBe("saved version 2");
    await tab(page, "History");
    await expect.poll(() => page.locator("li.version").count()).toBe(2);
    expect(await page.locator('li.version[data-version="2"]').textContent()).toContain("v2 sam, 2027-03-01 09:00:00 passes, served");
    await page.getByLabel("Compare version 1").check();
    await page.getByLabel("Compare version 2").check();
    await page.getByRole("button", { name: "Compare the two checked" }).click();
    await expect.poll(() => page.locator("#diff-out .add").allTextContents()).toEqual(['+ - say: "One more thing before you go."']);
    await screenshot(page, "studio-4-history-diff");
    await page.locator('li.version[data-version="1"]').getByRole("button", { name: "Restore" }).click();
    await expect.poll(() => page.locator("li.version").count()).toBe(3);
    expect(await page.locator('li.version[data-version="3"]').textContent()).toContain("restored from version 1");
    await expect.poll(() => page.locator(".cm-content").textContent()).not.toContain("One more thing");
    const disk = readFileSync(join(ROOT, "skills/order-refund/SKILL.md"), "utf8");
    expect((await signed.studio.store.versions.get("order-refund", 3))!.content).toBe(disk);
    await page.close();
  });

  it("History shows the newest list and keeps the ticks when an older answer for the list arrives after a newer one", async () => {
    const page = await chrome.browser.newPage();
    await open(page, local.url, "order-refund");
    const addSay = async (line: string, saved: string) => {
      await toStep(page, "6");
      await page.keyboard.insertText(`- say: "${line}"\n`);
      await expect.poll(() => page.locator("#verdict").textContent()).toContain("passes the check");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => page.locator("#saved").textContent()).toBe(saved);
    };
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator("#saved").textContent()).toBe("saved version 1");
    await addSay("First addition.", "saved version 2");
    await tab(page, "History");
    await expect.poll(() => page.locator("li.version").count()).toBe(2);
    await page.waitForLoadState("networkidle");
    // The next request for the list is answered by the Studio now (two versions) and delivered late.
    const held = await holdFirst(page, /\/studio\/api\/skills\/order-refund\/versions$/, "GET");
    await tab(page, "History");
    await held.fetched;
    await addSay("Second addition.", "saved version 3");
    await tab(page, "History");
    await expect.poll(() => page.locator("li.version").count()).toBe(3);
    await page.getByLabel("Compare version 1").check();
    await page.getByLabel("Compare version 3").check();
    expect((await held.deliver()).versions).toHaveLength(2);
    expect(await page.locator("li.version").count()).toBe(3);
    expect(await page.getByLabel("Compare version 1").isChecked()).toBe(true);
    expect(await page.getByLabel("Compare version 3").isChecked()).toBe(true);
    // Drawn again (Save with nothing changed asks for the list): the ticks stay, and the diff runs on them.
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator("#saved").textContent()).toBe("no change since version 3");
    await page.waitForLoadState("networkidle");
    expect(await page.getByLabel("Compare version 3").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Compare the two checked" }).click();
    await expect.poll(() => page.locator("#diff-out .add").allTextContents()).toEqual(['+ - say: "Second addition."', '+ - say: "First addition."']);
    await page.close();
  });

  it("runs the proofs from the page: all pass as written; after deleting a write, the checks that expected it fail with their lines", async () => {
    const page = await chrome.browser.newPage();
    await open(page, local.url, "conference-trip");
    await tab(page, "Proofs");
    await page.getByRole("button", { name: "Run the proofs" }).click();
    await expect.poll(() => page.locator("#proofs-summary").textContent(), { timeout: 90_000 }).toMatch(/^\d+ passed, 0 failed$/);
    await screenshot(page, "studio-5-proofs-pass");
    // The step is two lines, the `do:` and its `card:` words: both go.
    await toStep(page, "10");
    await page.keyboard.press("Control+Shift+k");
    await page.keyboard.press("Control+Shift+k");
    await expect.poll(() => page.locator("button.step-title[data-step='10'] code").textContent()).toBe("hold_hotel");
    await tab(page, "Proofs");
    await page.getByRole("button", { name: "Run the proofs" }).click();
    await expect.poll(() => page.locator("#proofs-summary").textContent(), { timeout: 90_000 }).toMatch(/^\d+ passed, [1-9]\d* failed$/);
    expect(await page.locator("details.proof").first().getAttribute("class")).toBe("proof fail");
    const failed = await page.locator(".checks li.fail").allTextContents();
    expect(failed.some((t) => /^✗ turn \d+, line \d+: press pay called_in_order: expected .*hold_flight/.test(t))).toBe(true);
    await screenshot(page, "studio-6-proofs-fail");
    await page.close();
  }, 200_000); // two runs of the trip's proofs, each allowed 90 s above

  it("runs the skill on the Flow page to a finished booking, then resets the conversation", async () => {
    const page = await chrome.browser.newPage();
    await open(page, local.url, "conference-trip");
    await tab(page, "Flow");
    await page.getByRole("button", { name: "Run this text" }).click();
    const chat = page.frameLocator("#flow-frame");
    const lastBot = () => chat.locator("#log > li.bot").last().textContent();
    await expect.poll(lastBot, { timeout: 15_000 }).toBe("Which conference are you going to?");
    await chat.getByLabel("Message").fill("Lisbon AI Summit, 3 nights");
    await chat.getByLabel("Message").press("Enter");
    await chat.getByRole("button", { name: "Choose TP1350" }).click();
    // A row's button names it by its first shown cell (the trip's hotel grid shows names, not ids).
    await chat.getByRole("button", { name: "Choose Hotel Baixa Nova" }).click();
    const checkout = chat.locator("li.checkout");
    await checkout.waitFor();
    expect(await checkout.locator(".writes li").count()).toBe(4);
    await checkout.getByRole("button", { name: "Pay" }).click();
    await expect.poll(lastBot).toMatch(/^Booked\. Your reference is TRIP-/);
    await screenshot(page, "studio-7-flow-booked");
    await page.getByRole("button", { name: "Reset the conversation" }).click();
    await expect.poll(() => chat.locator("#log > li").allTextContents()).toEqual(["Which conference are you going to?"]);
    await page.close();
  });

  it("Procedure shows the text in the editor when an answer for an older text arrives after the newer one", async () => {
    const page = await chrome.browser.newPage();
    await open(page, local.url, "order-refund");
    const held = await holdFirst(page, /\/studio\/api\/skills\/order-refund\/procedure$/, "POST");
    await tab(page, "Procedure");
    await held.fetched;
    await toStep(page, "6");
    await page.keyboard.insertText('- say: "Only the newest text is shown."\n');
    await expect.poll(() => page.locator("#verdict").textContent()).toContain("passes the check");
    await tab(page, "Procedure");
    const procedure = page.frameLocator("iframe.procedure");
    await expect.poll(() => procedure.locator("body").textContent()).toContain("Only the newest text is shown.");
    expect((await held.deliver()).html).not.toContain("Only the newest text is shown.");
    expect(await procedure.locator("body").textContent()).toContain("Only the newest text is shown.");
    await page.close();
  });

  it("shows the procedure and What it proved", async () => {
    const page = await chrome.browser.newPage();
    await open(page, local.url, "order-refund");
    expect(await page.locator('li.step.write.gated[data-step="5.2.5"] .badge').textContent()).toBe("write, gated by refund_item + supervisor_ok (by supervisor)");
    await tab(page, "What it proved");
    const issue = page.locator('article.proved[data-write="issue_refund"]');
    expect(await issue.locator("li").first().textContent()).toContain("(1 of 2, all needed) yes to refund_item (step 5.2.2) from the person");
    await screenshot(page, "studio-8-proved");
    await tab(page, "Procedure");
    const procedure = page.frameLocator("iframe.procedure");
    await expect.poll(() => procedure.locator("h1").textContent()).toBe("Procedure: Order refund");
    await screenshot(page, "studio-9-procedure");
    await panelShot(page, "procedure", "studio-procedure-panel");
    // The layout just changed under the tabs: a DOM click, not one at the coordinates of a moving button.
    await page.locator('[role=tab][data-view="canvas"]').dispatchEvent("click");
    await panelShot(page, "canvas", "studio-canvas-panel");
    await page.close();
  });

  it("drafts from a sentence: round 1 refused with its diagnostic, round 2 passes and goes into the editor", async () => {
    const trip = readFileSync(join(ROOT, "skills/conference-trip/SKILL.md"), "utf8");
    draftChat.script(`<skill_md>\n${trip.replace(/\n- confirm: \{ pay: [^\n]*\n  widget: trip_checkout/, "")}</skill_md>`, `<skill_md>\n${trip.replace("How many nights will you stay?", "How many nights?")}</skill_md>`);
    const page = await chrome.browser.newPage();
    await open(page, local.url, "conference-trip");
    await tab(page, "Draft");
    await page.getByLabel("Draft this skill from a sentence (with its tools.ts)").fill("Book a conference trip within the travel budget");
    await page.getByRole("button", { name: "Draft", exact: true }).click();
    await expect.poll(() => page.locator("#draft-verdict").textContent()).toBe("Round 2 passes the check (scripted). Put it in the editor, then Save.");
    expect(await page.locator("details.round.fail summary").textContent()).toBe("Round 1: refused, 4 error(s)");
    await screenshot(page, "studio-10-draft");
    await page.getByRole("button", { name: "Put it in the editor" }).click();
    await expect.poll(() => page.locator(".cm-content").textContent()).toContain("How many nights?");
    await expect.poll(() => page.locator("#verdict").textContent()).toBe("✓ passes the check");
    await page.close();
  });
});
