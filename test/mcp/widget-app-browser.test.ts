/**
 * The MCP App (ui://skillflow/widget.html) in a real browser (Debian's Chromium through playwright-core),
 * inside a minimal MCP Apps host page: the page loads the App's HTML from `resources/read` into a
 * sandboxed iframe, answers `ui/initialize`, hands it each tool result (`ui/notifications/tool-result`),
 * and forwards its `tools/call` requests to `flow mcp` (a real child process, through the SDK's Client).
 * A person clicking the flight, the hotel and Yes books the trip once; the App tells the host's model
 * what happened with `ui/update-model-context`.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { startFlowMcp, WRITES, type FlowMcp } from "./flow-mcp-client.js";

const CHROMIUM = "/usr/bin/chromium";
const APPS = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } };

/** The host side of the Apps protocol, as a web host runs it (minus its own chat UI). */
const HOST_PAGE = `<!DOCTYPE html><html><body><iframe id="app" sandbox="allow-scripts" style="width:800px;height:600px"></iframe>
<script>
  const frame = document.getElementById("app");
  window.modelContext = []; window.initialized = false;
  const send = (message) => frame.contentWindow.postMessage({ jsonrpc: "2.0", ...message }, "*");
  window.addEventListener("message", async (event) => {
    if (event.source !== frame.contentWindow) return;
    const m = event.data;
    if (m.method === "ui/initialize") return send({ id: m.id, result: { protocolVersion: "2026-01-26", hostInfo: { name: "test-host", version: "1" }, hostCapabilities: { serverTools: {} }, hostContext: { theme: "light" } } });
    if (m.method === "ui/notifications/initialized") { window.initialized = true; send({ method: "ui/notifications/tool-input", params: { arguments: window.toolInput } }); return send({ method: "ui/notifications/tool-result", params: window.toolResult }); }
    if (m.method === "tools/call") { try { return send({ id: m.id, result: await window.callTool(m.params) }); } catch (e) { return send({ id: m.id, error: { code: -32000, message: String(e) } }); } }
    if (m.method === "ui/update-model-context") { window.modelContext.push(m.params); return send({ id: m.id, result: {} }); }
    if (m.id !== undefined) send({ id: m.id, result: {} });
  });
  window.openApp = (html, input, result) => { window.toolInput = input; window.toolResult = result; frame.srcdoc = html; };
</script></body></html>`;

let host: FlowMcp;
let browser: Browser;

const hasBrowser = existsSync(CHROMIUM);

beforeAll(async () => {
  if (!hasBrowser) return;
  host = await startFlowMcp({ capabilities: APPS });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

describe.skipIf(!hasBrowser)("the widget App in a browser", () => {
  it("lets the person choose the flight and the hotel and press Yes; the trip is booked once", async () => {
    const html = String((await host.client.readResource({ uri: "ui://skillflow/widget.html" })).contents[0]!.text);
    const input = { message: "Book me for the Lisbon AI Summit, 3 nights" };
    const first = await host.client.callTool({ name: "conference-trip", arguments: input });
    const page = await browser.newPage();
    const called: string[] = [];
    await page.exposeFunction("callTool", async (params: { name: string; arguments: Record<string, unknown> }) => {
      called.push(params.name);
      return host.client.callTool(params);
    });
    await page.setContent(HOST_PAGE);
    await page.evaluate(([h, i, r]) => (window as any).openApp(h, i, r), [html, input, first] as const);
    const app = page.frameLocator("#app");

    // The grid's headers and cells are the skill's columns: and its cells in words, as on the chat page.
    await expect.poll(() => app.locator("th").allTextContents()).toEqual(["Flight", "Airline", "Departs", "Lands", "Return fare (EUR)", ""]);
    expect(await app.locator("tr").nth(1).locator("td").allTextContents()).toEqual(["TP1350", "TAP", "17 Mar, 07:05", "17 Mar, 09:40", "320", "Choose"]);
    await app.locator('button[data-pick="TP1350"]').click();
    await expect.poll(() => app.locator("p").allTextContents()).toContain("Where would you like to stay?");
    expect(await app.locator("th").allTextContents()).toEqual(["Hotel", "Stars", "Per night (EUR)", ""]);
    await app.locator('button[data-pick="H-BAIXA"]').click();
    await expect.poll(() => app.locator("p").allTextContents()).toContain("Pay 1,020.00 EUR for flight TP1350 and 3 nights at Hotel Baixa Nova?");
    expect(await app.locator("li").allTextContents()).toEqual([
      "Hold flight TP1350 (TAP), leaving 17 March 2027, 07:05, landing at 09:40",
      "Book Hotel Baixa Nova (hotel code H-BAIXA) for 3 nights, 17 March 2027 to 20 March 2027, for Lisbon AI Summit",
      "Cabs both ways between the airport and Hotel Baixa Nova (hotel code H-BAIXA), meeting flight TP1350",
      "Charge 1,020.00 EUR to the company card for Lisbon AI Summit",
    ]);
    expect(host.writes()).toEqual([]);
    await app.locator('button[data-press="yes"]').click();
    await expect.poll(() => app.locator("p").allTextContents()).toEqual([expect.stringMatching(/^Booked\. Your reference is TRIP-/), ""]);

    expect(called).toEqual(["skillflow_widget_answer", "skillflow_widget_answer", "skillflow_widget_answer"]);
    expect(host.writes().map((w) => w.tool)).toEqual(WRITES);
    const context = await page.evaluate(() => (window as any).modelContext as Array<{ content: Array<{ text: string }> }>);
    expect(context.at(-1)!.content[0]!.text).toMatch(/Booked\. Your reference is TRIP-/);
    await page.close();
  });
});
