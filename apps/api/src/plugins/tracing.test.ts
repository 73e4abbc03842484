import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandler } from '../jobs/handlers.ts';
import { enqueue } from '../jobs/queue.ts';
import { createRunner } from '../jobs/runner.ts';
import { flushTracing, startTracing, tracingOn } from '../lib/tracing.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../test/world.ts';
import { sql } from './db/index.ts';

/** A span as the OTLP/HTTP JSON exporter sends it. */
type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean };
type OtlpSpan = {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: AnyValue }[];
};
type Received = { path: string; contentType: string; spans: OtlpSpan[]; service: string[] };

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue !== undefined ? Number(value.intValue) : value?.boolValue);
};

/** A tiny OTLP receiver: keeps every span of every export it is sent. */
const received: Received[] = [];
let receiver: Server;
let t: TestApp;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const json = JSON.parse(body.toString()) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: AnyValue }[] };
          scopeSpans: { spans: OtlpSpan[] }[];
        }[];
      };
      received.push({
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        spans: json.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
        service: json.resourceSpans.map((r) =>
          String(r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue),
        ),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const allSpans = () => received.flatMap((r) => r.spans);

describe('OpenTelemetry traces', () => {
  it('are off without OTEL_EXPORTER_OTLP_ENDPOINT: no SDK, spans do not record', async () => {
    await startTracing({ otlpEndpoint: undefined, otelServiceName: 'kassa' });
    expect(tracingOn()).toBe(false);
    const span = trace.getTracer('probe').startSpan('probe');
    expect(span.isRecording()).toBe(false);
    span.end();
  });

  it('export the HTTP span of a request with its route, and its database queries as children', async () => {
    const { port } = receiver.address() as AddressInfo;
    t = await createTestApp({ otlpEndpoint: `http://127.0.0.1:${port}/`, otelServiceName: 'kassa-test' });
    expect(tracingOn()).toBe(true);
    await createTestWorld(t.db);
    const who = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const caller = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/transaction/tx_nope',
      headers: { ...who, 'x-request-id': 'trace-test-request-1', traceparent: `00-${caller}-00f067aa0ba902b7-01` },
    });
    expect(response.statusCode).toBe(404);
    // A request with a body over a real socket (its body is read in the socket's async context):
    // the handler's queries must still belong to the request.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'a@test.kassa', password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    await flushTracing();

    expect(received.length).toBeGreaterThan(0);
    expect(received[0].path).toBe('/v1/traces');
    expect(received[0].contentType).toContain('application/json');
    expect(received[0].service).toContain('kassa-test');

    const spans = allSpans();
    const http = spans.find((s) => attr(s, 'kassa.request_id') === 'trace-test-request-1');
    expect(http).toBeDefined();
    expect(http).toMatchObject({
      name: 'GET /v1/transaction/:id',
      kind: 2,
      traceId: caller,
      parentSpanId: '00f067aa0ba902b7',
    });
    expect(attr(http!, 'http.route')).toBe('/v1/transaction/:id');
    expect(attr(http!, 'http.request.method')).toBe('GET');
    expect(attr(http!, 'http.response.status_code')).toBe(404);

    // The session lookup (onRequest) and the handler's own lookup are children of the request's span.
    const queries = spans.filter((s) => s.parentSpanId === http!.spanId);
    expect(queries.length).toBeGreaterThanOrEqual(2);
    for (const query of queries) {
      expect(query.name).toMatch(/^db /);
      expect(query.kind).toBe(3);
      expect(query.traceId).toBe(caller);
      expect(attr(query, 'db.system.name')).toBe('postgresql');
    }
    expect(queries.some((q) => String(attr(q, 'db.query.text')).includes('tx_nope'))).toBe(false); // text only, never values

    const post = spans.find((s) => s.name === 'POST /v1/auth/login' && attr(s, 'http.response.status_code') === 200);
    expect(post).toBeDefined();
    const loginQueries = spans.filter((s) => s.parentSpanId === post!.spanId && s.name.startsWith('db '));
    expect(loginQueries.map((q) => q.name)).toContain('db insert'); // the new session
    // Statement text only: the password sent in the body is nowhere in the export.
    expect(JSON.stringify(spans)).not.toContain(TEST_PASSWORD);
  });

  it('export a job run as a span with its queries as children', async () => {
    registerJobHandler('test.traced', async (_payload, { db }) => {
      await db.query(sql`select 1 as traced_job_query`);
    });
    await t.db.transaction((tx) => enqueue(tx, 'test.traced', {}));
    expect(await createRunner(t.db, t.config, { queues: ['test.traced'] }).runOnce()).toBe(true);
    await flushTracing();
    const spans = allSpans();
    const job = spans.find((s) => s.name === 'job test.traced');
    expect(job).toBeDefined();
    expect(job!.kind).toBe(5);
    expect(attr(job!, 'messaging.destination.name')).toBe('test.traced');
    const children = spans.filter((s) => s.parentSpanId === job!.spanId);
    expect(children.map((s) => attr(s, 'db.query.text'))).toContain('select 1 as traced_job_query');
  });
});
