import type { FastifyRequest } from 'fastify';
import { HttpError, unauthenticated } from '../lib/http-error.ts';
import { looksLikeApiKey } from './api-key-lookup.ts';
import { recordAudit } from './audit.ts';
import type { Queryable } from './db/index.ts';
import { countHit, REFUSED_KEYS_PER_IP } from './rate-limit.ts';

/**
 * The answer to a request whose `Authorization: Bearer` is no live API key. Refusals are counted
 * per address in the shared `rate_limit` table (every api process sees the same count): past the
 * limit the address is answered 429 with `retry-after` until its window ends. The trail gets at most
 * two rows per address and window instead of one per request (audit rows are append-only, so a
 * row cannot count up): the window's first refusal, carrying the final count of the address's
 * window before it, and the refusal that crossed the limit. Valid keys from the same address are not
 * held back: a shared office or NAT address keeps working for the integrations that hold good keys.
 */
export const refuseUnknownKey = async (db: Queryable, request: FastifyRequest, bearer: string): Promise<HttpError> => {
  const rule = REFUSED_KEYS_PER_IP;
  const hit = await countHit(db, `refused-key:${request.ip}`, rule);
  const limited = hit.count > rule.limit;
  if (hit.count === 1 || hit.count === rule.limit + 1) {
    await recordAudit(db, {
      type: 'api_key_refused',
      authentication: 'api',
      route: request.routeOptions.url,
      method: request.method,
      url: request.url.split('?')[0],
      origin: request.ip,
      responseCode: limited ? 429 : 401,
      detail: {
        ...(looksLikeApiKey(bearer) ? { prefix: bearer.slice(0, 14) } : {}),
        window_start: hit.windowStart.toISOString(),
        window_seconds: rule.windowSeconds,
        count: hit.count,
        ...(limited ? { rate_limited: true, limit: rule.limit } : {}),
        ...(hit.previous
          ? { previous_window: { start: hit.previous.windowStart.toISOString(), count: hit.previous.count } }
          : {}),
      },
    });
  }
  if (limited)
    return new HttpError(
      429,
      'too_many_requests',
      'Too many requests with an API key that is not valid, please wait before trying again',
      undefined,
      { 'retry-after': String(hit.retryAfter) },
    );
  return unauthenticated('The API key is not valid or was revoked');
};
