/**
 * Headless Chromium (Debian's `chromium` package, /usr/bin/chromium) driven by playwright-core. Each
 * launch gets a fresh profile: Playwright's `launch` creates a new temporary user-data-dir itself (and
 * refuses a `--user-data-dir` argument), and each context inside it starts with no cookies. Screenshots go to test-artifacts/ (git-ignored). When Chromium is missing
 * the browser tests are skipped with the reason in their names (`.ci/run` installs it).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
export const ARTIFACTS = fileURLToPath(new URL("../../../../test-artifacts/", import.meta.url));

export interface OpenBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launch(): Promise<OpenBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

/** A PNG of the whole page, or with `viewport` of what the person sees (the window, scrolled as it is). */
export async function screenshot(page: Page, name: string, options: { viewport?: boolean } = {}): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: !options.viewport });
}
