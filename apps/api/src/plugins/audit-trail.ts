import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from './audit.ts';
import { maskBody, maskHeaders } from './audit-mask.ts';

/** Routes whose bodies are credentials from start to end; they keep their own audit entries. */
const SKIPPED = /^\/v1\/(auth|dev)\//;
const TRANSACTION_URL = /\/v1\/transaction\/(tx_[^/?]+)/;

const shouldRecord = (request: FastifyRequest) =>
  request.auth !== null &&
  !SKIPPED.test(request.url) &&
  (request.auth.authentication === 'api' || request.method !== 'GET');

/**
 * The audit trail (risk-config.md §2.7, §3): every request made with an API key and every change
 * by a signed-in user, with route, origin, who, response code, and request and response headers
 * and bodies with secrets and card numbers masked. Written after the answer is sent; a failure to
 * write is logged, never turned into an error for the user.
 */
export const registerAuditTrail = (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (shouldRecord(request))
      (request as FastifyRequest & { auditResponse?: unknown }).auditResponse =
        typeof payload === 'string' ? payload : null;
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!shouldRecord(request) || !request.auth) return;
    const auth = request.auth;
    const url = request.url.split('?')[0];
    const body = (request as FastifyRequest & { auditResponse?: unknown }).auditResponse;
    const responseBody = maskBody(body);
    const transactionId =
      TRANSACTION_URL.exec(url)?.[1] ??
      (responseBody &&
      typeof responseBody === 'object' &&
      typeof (responseBody as { transaction?: unknown }).transaction === 'string'
        ? (responseBody as { transaction: string }).transaction
        : null);
    try {
      await recordAudit(app.db, {
        type: `${request.method} ${request.routeOptions.url ?? url}`,
        organisationId: auth.organisation.id,
        userId: auth.userId,
        userName: auth.name,
        authentication: auth.authentication,
        route: request.routeOptions.url ?? url,
        method: request.method,
        url: request.url,
        origin: request.ip,
        responseCode: reply.statusCode,
        transactionId,
        request: { headers: maskHeaders(request.headers), body: maskBody(request.body) },
        response: { headers: maskHeaders(reply.getHeaders()), body: responseBody },
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit trail write failed');
    }
  });
};
