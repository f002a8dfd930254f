/**
 * `flow serve --otel`: an OpenTelemetry SDK for the process, exporting every span over OTLP/HTTP (JSON)
 * to the collector named by the standard variables — `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as the full
 * URL, else `OTEL_EXPORTER_OTLP_ENDPOINT` with `/v1/traces` added — as service `OTEL_SERVICE_NAME`
 * (default `flow-serve`). `otelEndpoint` checks the variables before anything opens (one sentence when
 * neither is set or the URL is not http(s)); `startTelemetry` registers the provider (with Node's
 * async context, so a turn's model and tool spans are its children) and returns `shutdown`, which
 * flushes the spans still batched. The SDK is imported only with `--otel`.
 */

type Env = Record<string, string | undefined>;

export type OtelEndpoint = { ok: true; url: string } | { ok: false; message: string };

/** Where spans go, from the environment, or the sentence saying what is missing. Pure. */
export function otelEndpoint(env: Env): OtelEndpoint {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!traces && !base) {
    return { ok: false, message: "--otel needs the collector's address: set OTEL_EXPORTER_OTLP_ENDPOINT (OTLP/HTTP, e.g. http://localhost:4318)" };
  }
  const name = traces ? "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" : "OTEL_EXPORTER_OTLP_ENDPOINT";
  const url = traces || `${base!.replace(/\/+$/, "")}/v1/traces`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: `${name} is not a URL: "${traces || base}" (give the collector's OTLP/HTTP address, e.g. http://localhost:4318)` };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { ok: false, message: `${name} must be an http:// or https:// address for OTLP/HTTP, not "${traces || base}"` };
  }
  return { ok: true, url };
}

export interface Telemetry {
  /** Export what is still batched, then stop. */
  shutdown(): Promise<void>;
}

/** Register a tracer provider exporting to `url` for the rest of the process. */
export async function startTelemetry(url: string, env: Env): Promise<Telemetry> {
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { ATTR_SERVICE_NAME }] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/semantic-conventions"),
  ]);
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME?.trim() || "flow-serve" });
  const exporter = new OTLPTraceExporter({ url });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })] });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}
