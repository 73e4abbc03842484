import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../lib/http-error.ts';
import { auditInsert, type AuditEntry } from './audit.ts';
import { auditTrailWritten, finalAuditTrailEntry } from './audit-trail.ts';
import { authOf } from './auth-context.ts';
import { z } from 'zod';
import { sql } from './db/index.ts';

/**
 * `Idempotency-Key` for creating calls (SECURITY.md "Money", Stripe's behaviour): the same key
 * and the same request replay the first answer; the same key with another request is a 422;
 * a key whose first request still runs is a 409. Keys are scoped per caller and kept 24 hours.
 * State lives in the database, so it holds across processes.
 *
 * A route opts in with `...idempotent` in its options. Requests without the header are untouched.
 */
const HEADER = 'idempotency-key';
const KEEP_HOURS = 24;
/** An in-flight claim older than this belongs to a process that died; it may be taken over. */
const LOCK_SECONDS = 60;

// Fastify's request type can only be extended by interface merging.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    idempotencyClaim?: { scope: string; key: string };
  }
}

type StoredAnswer = {
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  response_type: string | null;
};

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` hash the same. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

const requestHash = (request: FastifyRequest): string =>
  createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url} ${canonical(request.params)} ${canonical(request.body)}`)
    .digest('hex');

const readKey = (request: FastifyRequest): string | undefined => {
  const raw = request.headers[HEADER];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw) || !/^[\x21-\x7e]{1,255}$/.test(raw)) {
    throw badRequest(`headers.${HEADER}`, 'Idempotency-Key must be 1 to 255 visible ASCII characters, sent once');
  }
  return raw;
};

const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
  const key = readKey(request);
  if (key === undefined) return;
  const auth = authOf(request);
  const scope = `${auth.authentication}:${auth.userId}`;
  const hash = requestHash(request);
  const db = request.server.db;
  // Claim the key; an expired row, or an abandoned in-flight row of the same request, is taken over.
  // Every creating call with a key sends these: prepared once per connection.
  const claimed = await db.query(
    sql.prepared(
      'kassa_idempotency_claim_1',
      sql`
    insert into idempotency_key (scope, key, request_hash, locked_until, expires_at)
    values (${scope}, ${key}, ${hash}, now() + make_interval(secs => ${LOCK_SECONDS}), now() + make_interval(hours => ${KEEP_HOURS}))
    on conflict (scope, key) do update set request_hash = excluded.request_hash, state = 'in_flight', response_status = null,
      response_body = null, response_type = null, locked_until = excluded.locked_until, created_at = now(), expires_at = excluded.expires_at
    where idempotency_key.expires_at <= now()
      or (idempotency_key.state = 'in_flight' and idempotency_key.locked_until <= now() and idempotency_key.request_hash = excluded.request_hash)
    returning key`,
    ),
  );
  if (claimed.length > 0) {
    request.idempotencyClaim = { scope, key };
    return;
  }
  const [stored] = await db.query<StoredAnswer>(
    sql`select request_hash, state, response_status, response_body, response_type from idempotency_key where scope = ${scope} and key = ${key}`,
  );
  if (stored && stored.request_hash !== hash) {
    throw new HttpError(422, 'idempotency_mismatch', 'This Idempotency-Key was already used for a different request', [
      { path: `headers.${HEADER}`, message: 'Use a new key for a different request' },
    ]);
  }
  if (!stored || stored.state === 'in_flight' || stored.response_status === null) {
    throw new HttpError(
      409,
      'idempotency_in_flight',
      'A request with this Idempotency-Key is still being processed; retry shortly',
      undefined,
      {
        'retry-after': '1',
      },
    );
  }
  reply.header('idempotent-replayed', 'true');
  if (stored.response_type) reply.type(stored.response_type);
  return reply.code(stored.response_status).send(stored.response_body ?? '');
};

const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  const claim = request.idempotencyClaim;
  if (!claim) return payload;
  request.idempotencyClaim = undefined;
  const db = request.server.db;
  try {
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // Nothing was decided (or nothing replayable was produced): the caller may retry with the same key.
      await db.query(sql`delete from idempotency_key where scope = ${claim.scope} and key = ${claim.key}`);
      return payload;
    }
    const type = reply.getHeader('content-type');
    // Forget this caller's expired keys while here, in the same statement: cheap (primary-key prefix) and keeps the table small.
    const done = (audit: AuditEntry | undefined) =>
      db.query(
        sql.prepared(
          audit ? 'kassa_idempotency_done_audit_1' : 'kassa_idempotency_done_1',
          sql`with expired as (delete from idempotency_key where scope = ${claim.scope} and expires_at <= now())${
            audit ? sql`, audit as (${auditInsert(audit)})` : sql.empty
          }
      update idempotency_key set state = 'done', response_status = ${reply.statusCode}, response_body = ${payload},
        response_type = ${typeof type === 'string' ? type : null}
      where scope = ${claim.scope} and key = ${claim.key}`,
        ),
      );
    // The audit trail's entry of this request goes in the same statement (its answer is final now):
    // one round trip less for every creating call with a key.
    const audit = finalAuditTrailEntry(request, reply, payload);
    if (!audit) await done(undefined);
    else {
      try {
        await done(audit);
        auditTrailWritten(request);
      } catch (error) {
        // The answer must be stored whatever became of the entry (else a retry after the lock would
        // decide the request again): store it alone; the entry is then written after the answer.
        request.log.warn({ err: error }, 'idempotency answer with audit entry not stored; storing it alone');
        await done(undefined);
      }
    }
  } catch (error) {
    // The database went away after the answer was decided: send the answer anyway (an error here
    // would replace it with Fastify's own, leaking the connection error). The claim stays in
    // flight until its lock runs out; a retry then takes it over, and the refund is found by its key.
    request.log.warn({ err: error }, 'idempotency answer not stored');
  }
  return payload;
};

/** Spread into the options of a creating route: `app.post(url, { ...idempotent, … })`. */
export const idempotent = {
  preHandler: claimOrReplay,
  onSend: storeAnswer,
} as const;

/** The header as documented in OpenAPI; loose, so the other headers stay on the request. */
export const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().optional().describe('Replays the first answer for the same key and body for 24 hours'),
});
