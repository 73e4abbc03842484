import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { Config } from '../config.ts';

/**
 * OpenTelemetry traces: HTTP (plugins/tracing.ts), database (plugins/db, via `dbSpan`) and job
 * (jobs/runner.ts, via `jobSpan`) spans, exported over OTLP/HTTP (JSON) when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Unset, the SDK is never imported and every helper here is
 * a plain call of the work it wraps (one `undefined` check, no span objects, no context switch).
 */
let tracer: Tracer | undefined;
let provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> } | undefined;
let starting: Promise<void> | undefined;

export const tracingOn = () => tracer !== undefined;

/**
 * Starts the SDK once per process (several apps in one test process share it). The exporter's
 * `url` is the endpoint plus `/v1/traces`, as the OTLP specification says for the base endpoint.
 */
export const startTracing = (config: Pick<Config, 'otlpEndpoint' | 'otelServiceName'>): Promise<void> => {
  if (!config.otlpEndpoint) return Promise.resolve();
  const endpoint = config.otlpEndpoint;
  starting ??= (async () => {
    const [
      { BasicTracerProvider, BatchSpanProcessor },
      { OTLPTraceExporter },
      { AsyncLocalStorageContextManager },
      { W3CTraceContextPropagator },
      { resourceFromAttributes },
    ] = await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
    ]);
    const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
    const sdk = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': config.otelServiceName, 'process.pid': process.pid }),
      spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
    });
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(sdk);
    provider = sdk;
    tracer = trace.getTracer('kassa');
  })();
  return starting;
};

/** Sends the spans still buffered (at shutdown, or in a test before looking at the receiver). */
export const flushTracing = async () => {
  await provider?.forceFlush();
};

/** Runs `work` inside a span that becomes the parent of spans started within it. */
const inSpan = async <T>(name: string, kind: SpanKind, attributes: Attributes, work: () => Promise<T>): Promise<T> => {
  if (!tracer) return work();
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
};

/**
 * One SQL statement. The span carries the statement's text with `$n` placeholders (never its
 * values: those may be card data or secrets) and the operation (`select`, `insert`, …).
 */
export const dbSpan = <T>(engine: string, text: string | undefined, work: () => Promise<T>): Promise<T> => {
  if (!tracer) return work();
  const operation = text?.trimStart().split(/\s/, 1)[0]?.toLowerCase() ?? 'query';
  return inSpan(
    `db ${operation}`,
    SpanKind.CLIENT,
    {
      'db.system.name': 'postgresql',
      'db.system': 'postgresql',
      'kassa.db.engine': engine,
      'db.operation.name': operation,
      ...(text ? { 'db.query.text': text.length > 2000 ? `${text.slice(0, 2000)}…` : text } : {}),
    },
    work,
  );
};

/** One run of a job by a worker (the job's own queries become its children). */
export const jobSpan = <T>(
  job: { id: number | string; queue: string; attempts: number },
  work: () => Promise<T>,
): Promise<T> =>
  inSpan(
    `job ${job.queue}`,
    SpanKind.CONSUMER,
    {
      'messaging.system': 'kassa.job',
      'messaging.destination.name': job.queue,
      'kassa.job.id': String(job.id),
      'kassa.job.attempt': job.attempts,
    },
    work,
  );

/** HTTP server span: started at `onRequest`, continuing a caller's `traceparent` when present. */
export const startHttpSpan = (
  name: string,
  headers: Record<string, unknown>,
  attributes: Attributes,
): { span: Span; context: Context } | undefined => {
  if (!tracer) return undefined;
  const parent = propagation.extract(context.active(), headers);
  const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
};

export { context as otelContext, SpanStatusCode };
