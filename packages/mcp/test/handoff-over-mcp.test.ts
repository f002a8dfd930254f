/**
 * Red team of a hand-off tool from an MCP server (issue 23): `mcpTools({ handoff: ["flaky_book"] })`,
 * and the server exits in the middle of the first call. The hand-off is in doubt (it may have gone
 * through): the person is told the conversation was not handed over, nothing else runs, and the next
 * message sends it again with the same idempotency key (the server receives it in `_meta`); a change of
 * the answer it was sent with is refused meanwhile. Once it returns, the conversation ends there.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createFlow } from "@skillflow/langgraph";
import { closeMcpConnections } from "@skillflow/mcp";
import { offlineModel } from "@skillflow/langgraph/models";

const skill = fileURLToPath(new URL("./fixtures/flaky-hand-off", import.meta.url));
const marker = join(tmpdir(), `skillflow-handoff-crash-${process.pid}`);
const WITH_AGENT = "You are with a human agent now: this conversation was handed over to them, so nothing more is done here.";

afterAll(async () => {
  await closeMcpConnections();
  rmSync(marker, { force: true });
  delete process.env.TEST_SERVER_CRASH_FILE;
});

describe("a hand-off over MCP whose server crashes mid-call", () => {
  it("is in doubt, said, re-sent with the same key on the next message, and then ends the conversation", async () => {
    rmSync(marker, { force: true });
    process.env.TEST_SERVER_CRASH_FILE = marker;
    const flow = await createFlow({ skill, model: offlineModel() });
    expect(flow.skill.tools.flaky_book?.kind).toBe("handoff");
    const failed = await flow.send("t", { preset: { text: "a person please" } });
    expect(failed.tools.map((t) => [t.tool, t.ok])).toEqual([["flaky_book", false]]);
    expect(failed.reply.join(" ")).toMatch(/^flaky_book failed: .*, so it may or may not have gone through; the conversation was not handed over\. Send any message to try again\.$/);
    expect(failed.handedOff).toBeUndefined();
    const first = Object.values((await flow.state("t"))!.ledger)[0]!;
    expect(first.status).toBe("doubt");
    const changed = await flow.send("t", { preset: { text: "something else" } });
    expect(changed.reply[0]).toBe("flaky_book may already have run with text a person please, so text cannot change now.");
    expect(changed.tools.map((t) => [t.tool, t.ok])).toEqual([["flaky_book", true]]);
    expect(changed.reply.at(-1)).toBe(`Handed over (${first.idempotencyKey}).`);
    expect(changed.handedOff).toEqual({ tool: "flaky_book" });
    const later = await flow.send("t", { text: "hello?" });
    expect(later.reply).toEqual([WITH_AGENT]);
    expect(later.tools).toEqual([]);
  });
});
