/**
 * `flow mcp`'s command line, in memory: a wrong path or port is a usage error (exit 2), a skill that does
 * not load prints its diagnostics and exits 1 — all on stderr, since over stdio stdout is the MCP channel.
 * Serving itself is tested with a real client in test/mcp/.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("flow mcp command line", () => {
  it.each([
    [["mcp", "no/such/skill"], "flow mcp: path not found: no/such/skill\n"],
    [["mcp", "--http", "eighty", "skills/conference-trip"], "flow mcp: --http takes a port number (0 to 65535), not eighty\n"],
    [["mcp", "--http", "70000", "skills/conference-trip"], "flow mcp: --http takes a port number (0 to 65535), not 70000\n"],
  ])("`flow %j` is a usage error", async (argv, message) => {
    const { io, stdout, stderr } = memoryIo(root);
    expect(await cli(argv, io)).toBe(2);
    expect(stderr()).toBe(message);
    expect(stdout()).toBe("");
  });

  it("prints the diagnostics of a skill that does not load, and exits 1", async () => {
    const { io, stdout, stderr } = memoryIo(root);
    expect(await cli(["mcp", "test/fixtures/checks/ungated-write"], io)).toBe(1);
    expect(stderr()).toContain("error ungated-write:");
    expect(stderr()).toContain("flow mcp: test/fixtures/checks/ungated-write/SKILL.md does not load");
    expect(stdout()).toBe("");
  });

  it("is listed in `flow --help`", async () => {
    const { io, stdout } = memoryIo(root);
    await cli(["--help"], io);
    expect(stdout()).toMatch(/\n\s+mcp\s.*serve skills to MCP hosts/);
  });
});
