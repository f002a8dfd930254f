/**
 * mcpTools() against a real MCP server process (test/fixtures/test-server.ts): what the loader gets
 * (kinds decided by tools.ts, not by the server's hints; types for the checker), calls with the
 * idempotency key and the clock in `_meta`, errors as sentences, a crash that fails the call and a fresh
 * process on the next one, cancellation reaching the server, servers that do not start, Streamable HTTP.
 */
import { afterAll, describe, expect, it } from "vitest";
import { describeTool, type ToolDefinition } from "@skillflow/core";
import { closeMcpConnections, mcpTools } from "@skillflow/mcp";
import { context, startHttpServer, stdioOptions } from "./server-fixture.js";

afterAll(() => closeMcpConnections());

const byName = (tools: ToolDefinition[]) => Object.fromEntries(tools.map((tool) => [tool.name, tool]));

describe("mcpTools: listing", () => {
  it("takes every tool as a write unless tools.ts says otherwise, whatever the server hints", async () => {
    const { tools, problems } = await mcpTools(stdioOptions("kinds")).listTools();
    expect(problems).toEqual([]);
    const kinds = Object.fromEntries(tools.map((tool) => [tool.name, tool.kind]));
    expect(kinds).toEqual({ echo: "write", book: "write", flaky_book: "write", whoami: "write", crash: "write", wait: "write", cancelled: "write", fails: "write", untyped: "write" });
  });

  it("believes readOnlyHint only from a trusted server, and readOnly always", async () => {
    const trusted = byName((await mcpTools(stdioOptions("kinds", { trusted: true })).listTools()).tools);
    expect([trusted.echo.kind, trusted.book.kind, trusted.wait.kind, trusted.whoami.kind]).toEqual(["lookup", "lookup", "lookup", "write"]);
    const listed = byName((await mcpTools(stdioOptions("kinds", { readOnly: ["whoami"] })).listTools()).tools);
    expect([listed.whoami.kind, listed.echo.kind]).toEqual(["lookup", "write"]);
  });

  it("describes inputs and outputs in the checker's types (integer stays int)", async () => {
    const { echo, untyped } = byName((await mcpTools(stdioOptions("kinds")).listTools()).tools);
    const info = describeTool(echo);
    expect(info.params).toEqual([{ name: "text", type: { t: "string" }, optional: false, description: "what to say" }]);
    expect(info.output).toMatchObject({ t: "object", fields: { text: { t: "string" }, length: { t: "int" } } });
    expect(info.description).toBe("Say the text back.");
    expect(describeTool(untyped).output).toEqual({ t: "dyn" });
  });

  it("keeps only the tools named in `only`, and reports names the server lacks", async () => {
    const { tools, problems } = await mcpTools(stdioOptions("kinds", { only: ["echo", "ecko"], readOnly: ["whoamii"] })).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["echo"]);
    expect(problems.map((p) => [p.ruleId, p.near])).toEqual([["mcp-tool-missing", "ecko"], ["mcp-tool-missing", "whoamii"]]);
    expect(problems[0].reason).toMatch(/^The MCP server `.*test-server\.ts` has no tool `ecko`\.$/);
    expect(problems[0].fix).toMatch(/^Did you mean `echo`\? It lists `book`, `cancelled`, `crash`/);
  });
});

describe("mcpTools: calls", () => {
  it("returns structured content, sends a write's idempotency key and the clock in _meta", async () => {
    const { echo, book } = byName((await mcpTools(stdioOptions("calls")).listTools()).tools);
    expect(await echo.run({ text: "hi" }, context())).toEqual({ text: "hi", length: 2 });
    expect(await book.run({ what: "seat" }, context({ idempotencyKey: "trip:7:abc" }))).toEqual({ booked: "seat", key: "trip:7:abc", now: "2027-03-01T09:00:00Z" });
  });

  it("sends no idempotency key with a lookup", async () => {
    const { book } = byName((await mcpTools(stdioOptions("calls", { readOnly: ["book"] })).listTools()).tools);
    expect(await book.run({ what: "seat" }, context({ idempotencyKey: "ignored" }))).toMatchObject({ key: "" });
  });

  it("reads JSON text when there is no structured content, and reports isError in the server's words", async () => {
    const { untyped, fails } = byName((await mcpTools(stdioOptions("calls")).listTools()).tools);
    expect(await untyped.run({}, context())).toEqual({ any: "thing" });
    await expect(fails.run({}, context())).rejects.toThrow(/^fails failed on its MCP server: .*no seats left/);
  });

  it("fails a call whose server crashes, and starts the server again on the next call", async () => {
    const { whoami, crash } = byName((await mcpTools(stdioOptions("crash")).listTools()).tools);
    const before = ((await whoami.run({}, context())) as { pid: number }).pid;
    await expect(crash.run({}, context())).rejects.toThrow(/^crash failed: the MCP server `.*` closed the connection \(it said: test-server: crashing on purpose\)\.$/);
    const after = ((await whoami.run({}, context())) as { pid: number }).pid;
    expect(after).not.toBe(before);
  });

  it("cancels the request on the server when the host's signal aborts", async () => {
    const { wait, cancelled } = byName((await mcpTools(stdioOptions("abort")).listTools()).tools);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    await expect(wait.run({ ms: 20_000 }, context({ signal: controller.signal }))).rejects.toThrow(/^wait failed/);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(async () => ((await cancelled.run({}, context())) as { count: number }).count).toBe(1);
  });
});

describe("mcpTools: servers that cannot be used", () => {
  it("reports a program that does not exist", async () => {
    const { tools, problems } = await mcpTools({ command: "definitely-not-a-program", args: ["--stdio"] }).listTools();
    expect(tools).toEqual([]);
    expect(problems).toEqual([{
      ruleId: "mcp-unavailable",
      reason: "The MCP server `definitely-not-a-program --stdio` did not start: spawn definitely-not-a-program ENOENT.",
      fix: "Check that the program is installed, or give its full path as `command`.",
    }]);
  });

  it("reports a server that exits before it answers, in its own words", async () => {
    const { problems } = await mcpTools(stdioOptions("fail-start", { env: { TEST_SERVER_FAIL_START: "1" } })).listTools();
    expect(problems[0].ruleId).toBe("mcp-unavailable");
    expect(problems[0].reason).toMatch(/closed the connection \(it said: test-server: no API key configured\)\.$/);
  });

  it("refuses options that cannot work when tools.ts is imported", () => {
    expect(() => mcpTools({})).toThrow("mcpTools() needs exactly one of `command` (a stdio server) or `url` (a Streamable HTTP server)");
    expect(() => mcpTools({ url: "ftp://x" })).toThrow("`url` must be http:// or https://, not ftp:");
    expect(() => mcpTools({ command: "x", only: "echo" as never })).toThrow("`only` must be a list of names");
  });
});

describe("mcpTools over Streamable HTTP", () => {
  it("lists and calls tools with the given headers; without them the server is unavailable", async () => {
    const { url, child } = await startHttpServer();
    try {
      const { tools, problems } = await mcpTools({ url, headers: { "x-test-token": "secret" } }).listTools();
      expect(problems).toEqual([]);
      expect(await byName(tools).book.run({ what: "room" }, context({ idempotencyKey: "k-http" }))).toMatchObject({ key: "k-http" });
      const refused = await mcpTools({ url, startTimeoutMs: 5_000 }).listTools();
      expect(refused.problems[0]).toMatchObject({ ruleId: "mcp-unavailable" });
      expect(refused.problems[0].reason).toContain(url);
    } finally {
      child.kill();
    }
  });
});
