/**
 * `flow serve --otel`: refused in one sentence without a collector's address; with
 * OTEL_EXPORTER_OTLP_ENDPOINT, the real binary exports its spans over OTLP/HTTP (JSON) to it — here a
 * collector stand-in on a free port — and flushes the last batch when it stops.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";
import { ROOT, startServeProcess } from "./serve-process.js";

async function run(argv: string[], env: Record<string, string> = {}) {
  const mem = memoryIo(ROOT, { env });
  const code = await cli(argv, mem.io);
  return { code, stderr: mem.stderr() };
}

describe("flow serve --otel: the command line", () => {
  it.each([
    [{}, "flow serve: --otel needs the collector's address: set OTEL_EXPORTER_OTLP_ENDPOINT (OTLP/HTTP, e.g. http://localhost:4318)"],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "localhost:4318" }, 'flow serve: OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// address for OTLP/HTTP, not "localhost:4318"'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "not a url" }, 'flow serve: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is not a URL: "not a url" (give the collector\'s OTLP/HTTP address, e.g. http://localhost:4318)'],
  ])("with %j → exit 2 with one sentence", async (env, message) => {
    const result = await run(["serve", "skills", "--otel"], env);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(message);
  });
});

interface Received { path: string; type: string; body: string }

/** A stand-in OTLP/HTTP collector: keeps every request, answers 200. */
async function collector() {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => void (body += c.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", type: req.headers["content-type"] ?? "", body });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(r)) };
}

describe("flow serve --otel: the binary", () => {
  it("exports each turn's span and its model and tool spans to the collector, flushed on SIGTERM", async () => {
    const otlp = await collector();
    try {
      const serve = await startServeProcess(["test/fixtures/serve/slow_note", "--db", "memory", "--auth", "none", "--otel"], {
        OTEL_EXPORTER_OTLP_ENDPOINT: `${otlp.url}/`, SLOW_NOTE_MS: "10", OTEL_SERVICE_NAME: "notes-test",
      });
      expect(serve.stdout()).toContain(`traces      OpenTelemetry, OTLP/HTTP to ${otlp.url}/v1/traces\n`);
      const agui = (runId: string, messages: unknown[]) => fetch(`${serve.url}/agui`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: "n1", runId, messages }),
      }).then((r) => r.text());
      await agui("r0", []);
      expect(await agui("r1", [{ id: "m1", role: "user", content: "buy milk" }])).toContain("Noted: buy milk.");
      expect(await serve.stop("SIGTERM")).toBe(0);
      expect(serve.stderr()).toBe("");

      expect(otlp.received.length).toBeGreaterThan(0);
      expect(new Set(otlp.received.map((r) => r.path))).toEqual(new Set(["/v1/traces"]));
      expect(otlp.received[0]!.type).toContain("application/json");
      const exported = otlp.received.map((r) => JSON.parse(r.body));
      const resources = exported.flatMap((e) => e.resourceSpans);
      const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s: { spans: unknown[] }) => s.spans)) as Array<{ name: string; attributes: Array<{ key: string; value: Record<string, unknown> }> }>;
      const names = spans.map((s) => s.name);
      expect(names.filter((n) => n === "skillflow.turn")).toHaveLength(2);
      expect(names).toContain("chat offline");
      expect(names).toContain("execute_tool slow_echo");
      const service = resources[0].resource.attributes.find((a: { key: string }) => a.key === "service.name");
      expect(service.value).toEqual({ stringValue: "notes-test" });
      // What the person wrote is nowhere in what was exported.
      expect(otlp.received.map((r) => r.body).join("\n")).not.toContain("buy milk");
    } finally {
      await otlp.close();
    }
  });
});
