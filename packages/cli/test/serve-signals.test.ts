/**
 * `flow serve` and a second stop signal while it drains. Under `npx flow serve` one Ctrl-C can reach
 * the server twice (the terminal's process group, then npm forwarding it), and supervisors resend
 * SIGTERM. The second signal once got Node's default action and killed the process in the middle of the
 * running turn (the client's stream cut, the stores not closed, a non-zero exit). Now it is said and the
 * turn still finishes.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { startServeProcess } from "./serve-process.js";

const SLOW_NOTE = fileURLToPath(new URL("../../../test/fixtures/serve/slow_note", import.meta.url));

describe("flow serve gets a second signal while it drains", () => {
  it("still finishes the running turn, says so, and exits 0", async () => {
    const serve = await startServeProcess([SLOW_NOTE, "--db", "memory", "--auth", "none"], { SLOW_NOTE_MS: "1500" });
    const agui = (runId: string, messages: unknown[]) => fetch(`${serve.url}/agui`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: "n1", runId, messages }),
    });
    expect(await (await agui("r0", [])).text()).toContain("What should I note?");
    const running = agui("r1", [{ id: "m1", role: "user", content: "buy milk" }]).then((r) => r.text()).catch((e: Error) => `failed: ${e.message}`);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const exit = serve.stop("SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 100));
    serve.child.kill("SIGINT");
    expect(await running).toContain("Noted: buy milk.");
    expect(await exit).toBe(0);
    expect(serve.stdout()).toContain("flow serve: SIGINT again: still finishing 1 running request(s)…");
    expect(serve.stdout()).toContain("flow serve: stopped.");
  }, 20_000);
});
