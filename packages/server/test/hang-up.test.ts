// A client that hangs up mid-run (a closed tab) while its turn still runs: the server process lives on,
// the turn goes on to its end, and the conversation's next run shows it. The stream it was writing to is
// cancelled, and nothing more is written to it (writing threw "Controller is already closed" from a
// microtask, and the uncaught error ended the process).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CHILD = fileURLToPath(new URL("./helpers/hang-up-child.mjs", import.meta.url));
const SLOW_NOTE = fileURLToPath(new URL("../../../test/fixtures/serve/slow_note", import.meta.url));

describe("a client that hangs up while its turn runs", () => {
  it("leaves the server alive, and the turn is kept and shown by the next run", () => {
    const run = spawnSync(process.execPath, [CHILD, SLOW_NOTE], { encoding: "utf8", timeout: 20_000, env: { ...process.env, SLOW_NOTE_MS: "300" } });
    expect(run.stderr).not.toContain("Controller is already closed");
    expect(run.stdout).toContain("alive inflight=0 shows=true");
    expect(run.status).toBe(0);
  });
});
