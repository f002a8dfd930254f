/**
 * The pure parts of mcpTools(): the kind rule (hints count only from a trusted server), JSON Schema to the
 * checker's types through zod (and the fallback for schemas zod cannot read), call results, option
 * checks and the sentences for servers that cannot be used.
 */
import { describe, expect, it } from "vitest";
import { describeTool, lookup } from "@skillflow/core";
import { decideKind } from "../src/tools/decide-kind.js";
import { describeServerError, unavailableFix } from "../src/tools/describe-server-error.js";
import { connectionKeyOf, describeServer, serverSpecOf } from "../src/tools/mcp-tools-options.js";
import { readCallResult } from "../src/tools/read-call-result.js";
import { inputSchemaOf, outputSchemaOf } from "../src/tools/schema-from-json.js";

describe("decideKind", () => {
  it.each([
    [{ readOnlyHint: true }, {}, "write"],
    [{ readOnlyHint: true }, { trusted: false }, "write"],
    [{ readOnlyHint: true }, { trusted: true }, "lookup"],
    [{ readOnlyHint: false }, { trusted: true }, "write"],
    [undefined, { trusted: true }, "write"],
    [undefined, { readOnly: ["t"] }, "lookup"],
    [{ readOnlyHint: false }, { readOnly: ["t"] }, "lookup"],
    [undefined, { readOnly: ["other"] }, "write"],
    [undefined, { handoff: ["t"] }, "handoff"],
    [{ readOnlyHint: true }, { trusted: true, handoff: ["t"] }, "handoff"],
    [undefined, { handoff: ["other"] }, "write"],
  ] as const)("hint %j with %j is a %s", (hint, rules, kind) => {
    expect(decideKind("t", hint, rules)).toBe(kind);
  });
});

/** The checker's view of a tool with these JSON Schemas. */
const described = (input: unknown, output?: unknown) =>
  describeTool(lookup({ name: "t", input: inputSchemaOf(input), output: outputSchemaOf(output) }, () => ({})));

describe("JSON Schema to the checker's types", () => {
  it("reads the subset MCP tools use: objects, arrays, integers, numbers, enums, nullable, optional", () => {
    const info = described(
      { type: "object", properties: { n: { type: "integer", description: "count" }, q: { type: "string" } }, required: ["n"] },
      {
        type: "object",
        properties: {
          total: { type: "number" },
          rows: { type: "array", items: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
          state: { enum: ["open", "shut"] },
          note: { type: ["string", "null"] },
          ok: { type: "boolean" },
        },
        required: ["total", "rows", "state", "ok"],
      },
    );
    expect(info.params).toEqual([
      { name: "n", type: { t: "int" }, optional: false, description: "count" },
      { name: "q", type: { t: "string" }, optional: true },
    ]);
    expect(info.output).toMatchObject({
      t: "object",
      fields: { total: { t: "double" }, rows: { t: "list", of: { t: "object", fields: { id: { t: "string" } } } }, state: { t: "string" }, note: { t: "string" }, ok: { t: "bool" } },
      optional: ["note"],
    });
  });

  it("keeps a schema zod cannot read as JSON Schema, typed as far as it can be", () => {
    const info = described({ type: "object", properties: { a: { type: "string" }, b: { not: { type: "string" } } }, required: ["a"] });
    expect(info.params.map((p) => [p.name, p.type.t])).toEqual([["a", "string"], ["b", "dyn"]]);
  });

  it("types a tool without an output schema as dyn, and one without an input schema as taking nothing", () => {
    const info = described(undefined);
    expect(info.params).toEqual([]);
    expect(info.output).toEqual({ t: "dyn" });
  });
});

describe("readCallResult", () => {
  it("prefers structured content, else parses JSON text, else returns the text", () => {
    expect(readCallResult("t", { structuredContent: { a: 1 }, content: [{ type: "text", text: "{\"a\":2}" }] })).toEqual({ a: 1 });
    expect(readCallResult("t", { content: [{ type: "text", text: "{\"a\":2}" }] })).toEqual({ a: 2 });
    expect(readCallResult("t", { content: [{ type: "text", text: "plain" }] })).toBe("plain");
    expect(readCallResult("t", { content: [] })).toBeNull();
  });

  it("turns isError into a failed call in the server's words", () => {
    expect(() => readCallResult("book", { isError: true, content: [{ type: "text", text: "sold out" }] })).toThrow("book failed on its MCP server: sold out");
    expect(() => readCallResult("book", { isError: true })).toThrow("without a message");
  });
});

describe("server options and sentences", () => {
  it("describes servers and keys connections by everything that starts them", () => {
    const a = serverSpecOf({ command: "node", args: ["my server.js"], env: { A: "1" } });
    expect(describeServer(a)).toBe('node "my server.js"');
    expect(connectionKeyOf(a)).not.toBe(connectionKeyOf(serverSpecOf({ command: "node", args: ["my server.js"], env: { A: "2" } })));
    expect(describeServer(serverSpecOf({ url: "https://tools.example.com/mcp" }))).toBe("https://tools.example.com/mcp");
    expect(() => serverSpecOf({ url: "not a url" })).toThrow('`url` "not a url" is not a URL');
    expect(() => serverSpecOf({ command: "x", url: "http://y" })).toThrow("exactly one of");
  });

  it("says why a server cannot be used", () => {
    const context = { server: "srv", timeoutMs: 10_000 };
    expect(describeServerError(Object.assign(new Error("spawn srv ENOENT"), { code: "ENOENT" }), context)).toBe("the MCP server `srv` did not start: spawn srv ENOENT");
    expect(describeServerError(Object.assign(new Error("MCP error -32001: Request timed out"), { code: -32001 }), context)).toBe("the MCP server `srv` did not answer within 10 s");
    expect(describeServerError(Object.assign(new Error("MCP error -32000: Connection closed"), { code: -32000 }), { ...context, stderr: "bad key" })).toBe("the MCP server `srv` closed the connection (it said: bad key)");
    expect(describeServerError(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }), context)).toBe("the MCP server at srv cannot be reached: ECONNREFUSED");
    expect(unavailableFix(Object.assign(new Error(), { code: "ENOENT" }))).toContain("full path");
  });
});
