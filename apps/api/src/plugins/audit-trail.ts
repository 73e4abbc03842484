import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newId } from '../lib/ids.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import { maskBody, maskHeaders } from './audit-mask.ts';
import { maskUrl } from './logging.ts';
import { bodySchemaOf, responseSchemaOf } from './secret-schema.ts';

/** Routes whose bodies are credentials from start to end; they keep their own audit entries. */
const SKIPPED = /^\/v1\/(auth|dev)\//;
const TRANSACTION_URL = /\/v1\/transaction\/(tx_[^/?]+)/;

type TrailedRequest = FastifyRequest & { auditResponse?: unknown; auditWritten?: boolean; auditId?: string };

const shouldRecord = (request: FastifyRequest) =>
  request.auth !== null &&
  !SKIPPED.test(request.url) &&
  (request.auth.authentication === 'api' || request.method !== 'GET');

/**
 * The id of a request's own trail entry, or undefined for a request the trail does not record. It
 * is fixed before the entry is written (after the answer), so that the entries its handling writes
 * (`transaction_created`, `refund_created`, …) name it as their parent: the trail's tree column.
 */
export const requestAuditId = (request: FastifyRequest): string | undefined => {
  if (!shouldRecord(request)) return undefined;
  const trailed = request as TrailedRequest;
  trailed.auditId ??= newId('au');
  return trailed.auditId;
};

/** A string field of a parsed body, if it is one (a populated relation's object gives its id). */
const idIn = (body: unknown, key: string): string | null => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const value = (body as Record<string, unknown>)[key];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return null;
};
const TRANSACTION_ID = /^tx_/;

/** The trail's entry of a request, from its answer's status, headers and body. */
const trailEntry = (
  request: FastifyRequest,
  responseCode: number,
  responseHeaders: Record<string, unknown>,
  body: unknown,
): AuditEntry | undefined => {
  const auth = request.auth;
  if (!auth) return undefined;
  const url = request.url.split('?')[0];
  const responseBody = maskBody(body, responseSchemaOf(request, responseCode));
  const requestBody = maskBody(request.body, bodySchemaOf(request));
  const answered = responseCode < 400;
  // The transaction a request concerns: in its URL, named by its answer, or the one it created
  // (`POST /v1/transaction` answers the new row, whose id is the transaction's).
  const createdId = answered ? idIn(responseBody, 'id') : null;
  const transactionId =
    TRANSACTION_URL.exec(url)?.[1] ??
    idIn(responseBody, 'transaction') ??
    (createdId && TRANSACTION_ID.test(createdId) ? createdId : null);
  // The payment profile its answer names, or (for an answer without one) the profile it sent.
  const paymentProfileId =
    idIn(responseBody, 'payment_profile') ?? (answered ? idIn(requestBody, 'payment_profile') : null);
  return {
    id: requestAuditId(request),
    type: `${request.method} ${request.routeOptions.url ?? url}`,
    organisationId: auth.organisation.id,
    userId: auth.userId,
    userName: auth.name,
    authentication: auth.authentication,
    route: request.routeOptions.url ?? url,
    method: request.method,
    // Query values of secret-looking keys and card numbers masked as in the access log.
    url: maskUrl(request.url),
    origin: request.ip,
    responseCode,
    transactionId,
    paymentProfileId,
    request: { headers: maskHeaders(request.headers), body: requestBody },
    response: { headers: maskHeaders(responseHeaders), body: responseBody },
  };
};

/**
 * The trail's entry of a request whose answer is final (the last `onSend` hook, with the answer's
 * text), for a statement the caller sends anyway: the idempotency answer's (plugins/idempotency.ts),
 * so that a payment writes it without a round trip of its own. The headers are those the answer
 * goes out with: Fastify adds only `content-length` after the `onSend` hooks (lib/reply.js
 * `onSendEnd`; Kassa sends no trailers). Call `auditTrailWritten` once the statement succeeded; until then the entry is
 * written after the answer as for every other request.
 */
export const finalAuditTrailEntry = (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: string,
): AuditEntry | undefined => {
  if (!shouldRecord(request)) return undefined;
  const headers = reply.getHeaders();
  const length = String(Buffer.byteLength(payload));
  return trailEntry(request, reply.statusCode, { ...headers, 'content-length': length }, payload);
};

/**
 * The trail's entry of a request whose answer is decided inside the write's own transaction, before
 * it is sent (plugins/idempotency.ts): the headers it will go out with are those set so far, then
 * `added` (its content type and what the `onSend` hooks add), then its length.
 * Call `auditTrailWritten` once that transaction committed.
 */
export const decidedAuditTrailEntry = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  payload: string,
  added: Record<string, string>,
): AuditEntry | undefined => {
  if (!shouldRecord(request)) return undefined;
  const headers = { ...reply.getHeaders(), ...added, 'content-length': String(Buffer.byteLength(payload)) };
  return trailEntry(request, status, headers, payload);
};

/** The entry of `finalAuditTrailEntry` is in the database: not written again after the answer. */
export const auditTrailWritten = (request: FastifyRequest) => {
  (request as TrailedRequest).auditWritten = true;
};

/**
 * The audit trail (risk-config.md §2.7, §3): every request made with an API key and every change
 * by a signed-in user, with route, origin, who, response code, and request and response headers
 * and bodies with the fields their schemas mark secret, other secret-looking fields and card numbers masked. Written after the answer is sent (or with the
 * idempotency answer, see above); a failure to write is logged, never turned into an error for the user.
 */
export const registerAuditTrail = (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (shouldRecord(request)) (request as TrailedRequest).auditResponse = typeof payload === 'string' ? payload : null;
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!shouldRecord(request) || (request as TrailedRequest).auditWritten) return;
    const entry = trailEntry(request, reply.statusCode, reply.getHeaders(), (request as TrailedRequest).auditResponse);
    if (!entry) return;
    try {
      await recordAudit(app.db, entry);
    } catch (error) {
      request.log.error({ err: error }, 'audit trail write failed');
    }
  });
};
