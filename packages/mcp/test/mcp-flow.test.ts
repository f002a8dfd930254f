/**
 * A skill whose tools come from an MCP server, run through createFlow: the lookup and the write travel
 * over MCP; the server crashing in the middle of the write is a failed write — the confirm comes back with
 * the error — and the next yes starts the server again and retries the write with the same idempotency key.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createFlow } from "@skillflow/langgraph";
import { closeMcpConnections } from "@skillflow/mcp";
import { offlineModel } from "@skillflow/langgraph/models";

const skill = fileURLToPath(new URL("./fixtures/flaky-skill", import.meta.url));
const marker = join(tmpdir(), `skillflow-crash-${process.pid}`);

afterAll(async () => {
  await closeMcpConnections();
  rmSync(marker, { force: true });
  delete process.env.TEST_SERVER_CRASH_FILE;
});

describe("a write over MCP whose server crashes", () => {
  it("fails the write, keeps the confirm, and retries with the same key on the next yes", async () => {
    rmSync(marker, { force: true });
    process.env.TEST_SERVER_CRASH_FILE = marker;
    const flow = await createFlow({ skill, model: offlineModel() });
    const asked = await flow.send("t", { preset: { text: "a table for two" } });
    expect(asked.pending).toMatchObject({ kind: "confirm", confirm: "book" });
    expect(asked.reply.join(" ")).toContain("Book a table for two?");
    const failed = await flow.send("t", { press: "book" });
    expect(failed.tools.map((t) => [t.tool, t.ok])).toEqual([["flaky_book", false]]);
    expect(failed.reply.join(" ")).toMatch(/flaky_book failed: the MCP server `.*` closed the connection/);
    expect(failed.pending).toMatchObject({ kind: "confirm", confirm: "book" });
    const failedEntry = Object.values((await flow.state("t"))!.ledger)[0]!;
    // A server that crashed mid-call may have done the work: the write is in doubt, retried with the same key.
    expect(failedEntry.status).toBe("doubt");
    const booked = await flow.send("t", { press: "book" });
    expect(booked.tools.map((t) => [t.tool, t.ok])).toEqual([["flaky_book", true]]);
    const entry = Object.values((await flow.state("t"))!.ledger)[0]!;
    expect(entry.status).toBe("done");
    expect(entry.idempotencyKey).toBe(failedEntry.idempotencyKey);
    // The restarted server received that same key in _meta and answered with it.
    expect(booked.reply.at(-1)).toBe(`Booked a table for two (${entry.idempotencyKey}).`);
    expect(booked.done).toBe(true);
  });
});
