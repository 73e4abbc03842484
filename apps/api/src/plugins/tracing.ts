import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Span, Context } from '@opentelemetry/api';
import { maskPathTokens } from './logging.ts';
import { flushTracing, otelContext, SpanStatusCode, startHttpSpan, startTracing, tracingOn } from '../lib/tracing.ts';

// Fastify's request type can only be extended by interface merging.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    otel?: { span: Span; context: Context };
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * One server span per request, named by the route pattern (`GET /v1/transaction/:id`), with the
 * request id, and the request's database queries as its children. Nothing is registered when
 * OTEL_EXPORTER_OTLP_ENDPOINT is unset.
 *
 * The span's context is entered at `onRequest` (so the session lookup of the auth hook belongs to
 * it; the test shows it carries through body parsing on Fastify 5) and entered again at
 * `preHandler` as a guard, so a body parser that resumes in the socket's context cannot detach
 * the handler's queries from their request.
 */
export const registerTracing = async (app: FastifyInstance) => {
  await startTracing(app.config);
  if (!tracingOn()) return;
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url;
    const started = startHttpSpan(`${request.method}${route ? ` ${route}` : ''}`, request.headers, {
      'http.request.method': request.method,
      ...(route ? { 'http.route': route } : {}),
      // A hosted page's token is a credential: masked as in the log.
      'url.path': maskPathTokens(request.url.split('?')[0]),
      'kassa.request_id': request.id,
    });
    if (!started) return done();
    request.otel = started;
    otelContext.with(started.context, done);
  });
  app.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (!request.otel) return done();
    otelContext.with(request.otel.context, done);
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const span = request.otel?.span;
    if (!span) return;
    request.otel = undefined;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  // A request that never got an answer (client gone) still ends its span.
  app.addHook('onRequestAbort', async (request: FastifyRequest) => {
    const span = request.otel?.span;
    request.otel = undefined;
    span?.setAttribute('kassa.aborted', true);
    span?.end();
  });
  app.addHook('onClose', async () => {
    await flushTracing();
  });
};
