/**
 * The secret pages of URL-mode elicitation, over real HTTP on 127.0.0.1: the form, a value refused for
 * its pattern and asked again, the value handed over once, then an expired link; a page that times out
 * or is cancelled gives no value.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SecretPages } from "../src/host/secret-pages.js";

const pages = new SecretPages();
afterAll(() => pages.close());

const post = (url: string, value: string) => fetch(url, { method: "POST", body: new URLSearchParams({ value }) });

describe("SecretPages", () => {
  it("shows the form, refuses a value that does not match, takes the right one once", async () => {
    const page = await pages.request("Enter the <manager's> code.", "^[A-Z]{2}-[0-9]{6}$", 60_000);
    expect(page.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/secret\/[0-9a-f-]{36}$/);
    const form = await (await fetch(page.url)).text();
    expect(form).toContain("Enter the &#60;manager&#39;s&#62; code.");
    expect(form).toContain('type="password"');
    expect(await (await post(page.url, "ab 12")).text()).toContain("does not look right");
    expect(await (await post(page.url, "AB-123456")).text()).toContain("Received.");
    expect(await page.value).toBe("AB-123456");
    const again = await fetch(page.url);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("expired");
  });

  it("gives no value when the page times out or is cancelled", async () => {
    const slow = await pages.request("Code?", undefined, 50);
    expect(await slow.value).toBeUndefined();
    const cancelled = await pages.request("Code?", undefined, 60_000);
    cancelled.cancel();
    expect(await cancelled.value).toBeUndefined();
    expect((await fetch(cancelled.url)).status).toBe(404);
  });
});
