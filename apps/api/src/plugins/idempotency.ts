import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheHeaderFor } from '../lib/cache-generations.ts';
import { badRequest, HttpError } from '../lib/http-error.ts';
import type { AnswerRecorder, StoredAnswer } from './actor.ts';
import { auditInsert, auditInsertFrom, type AuditEntry } from './audit.ts';
import { auditTrailWritten, decidedAuditTrailEntry, finalAuditTrailEntry } from './audit-trail.ts';
import { authOf } from './auth-context.ts';
import { z } from 'zod';
import { sql, type Sql } from './db/index.ts';

/**
 * `Idempotency-Key` for creating calls (SECURITY.md "Money", Stripe's behaviour): the same key
 * and the same request replay the first answer; the same key with another request is a 422;
 * a key whose first request still runs is a 409. Keys are scoped per caller and kept 24 hours.
 * State lives in the database, so it holds across processes.
 *
 * A route opts in with `...idempotent` in its options. Requests without the header are untouched.
 *
 * The answer of a call that writes is stored by the write itself, in its own database transaction
 * (`actor.answer`, plugins/actor.ts), with the request's audit-trail entry: whenever the process or
 * the database goes away after the commit, a retry finds the answer and replays it; it never finds
 * the key in flight and decides again (a second payment). Answers that wrote nothing (4xx) are
 * stored after they are decided, as before.
 */
const HEADER = 'idempotency-key';
const KEEP_HOURS = 24;
/** An in-flight claim older than this belongs to a process that died; it may be taken over. */
const LOCK_SECONDS = 60;

// Fastify's request type can only be extended by interface merging.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    idempotencyClaim?: Claim;
    /** While a claim is held: how the write's transaction stores the answer (`actor.answer`). */
    idempotentAnswer?: AnswerRecorder;
    /** The answer handed to the write's transaction; once that committed, exactly this is sent. */
    idempotencyPrepared?: { status: number; text: string };
  }
}

/** `token`: the claim's `locked_until`, exact to the microsecond; a claim taken over after its lease has another. */
type Claim = { scope: string; key: string; token: string };

type StoredRow = {
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
  const claimed = await db.query<{ token: string }>(
    sql.prepared(
      'kassa_idempotency_claim_2',
      sql`
    insert into idempotency_key (scope, key, request_hash, locked_until, expires_at)
    values (${scope}, ${key}, ${hash}, now() + make_interval(secs => ${LOCK_SECONDS}), now() + make_interval(hours => ${KEEP_HOURS}))
    on conflict (scope, key) do update set request_hash = excluded.request_hash, state = 'in_flight', response_status = null,
      response_body = null, response_type = null, locked_until = excluded.locked_until, created_at = now(), expires_at = excluded.expires_at
    where idempotency_key.expires_at <= now()
      or (idempotency_key.state = 'in_flight' and idempotency_key.locked_until <= now() and idempotency_key.request_hash = excluded.request_hash)
    returning locked_until::text as token`,
    ),
  );
  if (claimed.length > 0) {
    const claim = { scope, key, token: claimed[0].token };
    request.idempotencyClaim = claim;
    // The answer's cache header is read now, before the write opens its transaction: read inside it,
    // a stale generation check would wait for the database connection that transaction holds (the
    // embedded engine has one), and the request, with every one behind it, would never end.
    const cache = await cacheHeaderFor(db, request.url);
    request.idempotentAnswer = recorderOf(request, reply, claim, cache);
    return;
  }
  const [stored] = await db.query<StoredRow>(
    sql`select request_hash, state, response_status, response_body, response_type from idempotency_key where scope = ${scope} and key = ${key}`,
  );
  if (stored && stored.request_hash !== hash) {
    throw new HttpError(422, 'idempotency_mismatch', 'This Idempotency-Key was already used for a different request', [
      { path: `headers.${HEADER}`, message: 'Use a new key for a different request' },
    ]);
  }
  if (!stored || stored.state === 'in_flight' || stored.response_status === null) {
    throw inFlight();
  }
  reply.header('idempotent-replayed', 'true');
  if (stored.response_type) reply.type(stored.response_type);
  return reply.code(stored.response_status).send(stored.response_body ?? '');
};

const inFlight = () =>
  new HttpError(
    409,
    'idempotency_in_flight',
    'A request with this Idempotency-Key is still being processed; retry shortly',
    undefined,
    {
      'retry-after': '1',
    },
  );

/** What Fastify sends a serialized answer as. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The with-clauses that store an answer while the claim is still this request's (its token: a
 * request that outlived its lease and was taken over stores nothing, so its write does not happen
 * either) and forget the caller's expired keys: cheap (primary-key prefix) and keeps the table small.
 */
const answerClauses = (claim: Claim, status: number, text: string, when: Sql): Sql =>
  sql`idem as (update idempotency_key set state = 'done', response_status = ${status}::int, response_body = ${text}::text,
      response_type = ${JSON_TYPE}::text
    where scope = ${claim.scope}::text and key = ${claim.key}::text and state = 'in_flight' and locked_until = ${claim.token}::timestamptz
      and ${when} returning 1),
    expired as (delete from idempotency_key where scope = ${claim.scope}::text and expires_at <= now())`;

/** `actor.answer` of a request holding `claim`: the answer and its trail entry go in the write's transaction. */
const recorderOf = (
  request: FastifyRequest,
  reply: FastifyReply,
  claim: Claim,
  cache: string | undefined,
): AnswerRecorder => {
  const prepare = async (status: number, body: unknown): Promise<StoredAnswer> => {
    // Serialized as the route answers it (its response schema for this status), once: what is stored is what is sent.
    reply.code(status);
    const text = reply.serialize(body) as string;
    request.idempotencyPrepared = { status, text };
    // The headers the answer goes out with: its type, then the cache generations' (an `onSend` hook, modules/admin/cache.routes.ts).
    const added = { 'content-type': JSON_TYPE, ...(cache ? { 'kassa-cache': cache } : {}) };
    return {
      clauses: (when) => answerClauses(claim, status, text, when),
      audit: decidedAuditTrailEntry(request, reply, status, text, added),
    };
  };
  return {
    prepare,
    async record(tx, status, body) {
      const { clauses, audit } = await prepare(status, body);
      const [stored] = await tx.query<{ n: number }>(
        sql.prepared(
          audit ? 'kassa_idempotency_record_audit_2' : 'kassa_idempotency_record_1',
          sql`with ${clauses(sql`true`)}${audit ? sql`, trail as (${auditInsertFrom(audit, sql`idem`)})` : sql.empty}
          select count(*)::int as n from idem`,
        ),
      );
      // Taken over after the lease by a retry that decides itself: this write must not happen too.
      if (!stored || stored.n === 0) throw inFlight();
    },
    async assertHeld(q) {
      const held = await q.query(
        sql`select 1 from idempotency_key where scope = ${claim.scope} and key = ${claim.key} and state = 'in_flight'
          and locked_until = ${claim.token}::timestamptz`,
      );
      if (held.length === 0) throw inFlight();
    },
  };
};

/**
 * Test-only fault (the reliability proof reliability/idempotency-crash.rel.ts): with
 * KASSA_TEST_FAULT_AFTER_COMMIT set, a request whose key starts with `fault-` is interrupted right
 * after its write committed and before its answer leaves. `exit:N` holds such requests until N of
 * them are there, then kills the process (SIGKILL); a number announces the moment on stderr and
 * waits that many milliseconds, while the test cuts the database away.
 */
const FAULT_AFTER_COMMIT = process.env.KASSA_TEST_FAULT_AFTER_COMMIT;
let faultsHeld = 0;
const faultAfterCommit = async (key: string) => {
  if (!FAULT_AFTER_COMMIT || !key.startsWith('fault-')) return;
  if (FAULT_AFTER_COMMIT.startsWith('exit')) {
    if (++faultsHeld >= Number(FAULT_AFTER_COMMIT.split(':')[1] ?? 1)) process.kill(process.pid, 'SIGKILL');
    await new Promise(() => {});
  }
  process.stderr.write(`kassa-fault-after-commit ${key}\n`);
  await new Promise((resolve) => setTimeout(resolve, Number(FAULT_AFTER_COMMIT)));
};

const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  const claim = request.idempotencyClaim;
  if (!claim) return payload;
  request.idempotencyClaim = undefined;
  request.idempotentAnswer = undefined;
  const prepared = request.idempotencyPrepared;
  if (prepared && prepared.status === reply.statusCode) {
    // Stored with the write and its trail entry, in the write's transaction, which committed (the
    // handler answers only after it did): nothing is left to store; send exactly what was stored.
    await faultAfterCommit(claim.key);
    auditTrailWritten(request);
    return prepared.text;
  }
  const db = request.server.db;
  // Only while the claim is still this request's: an answer a committed write stored is never touched.
  const ours = sql`scope = ${claim.scope}::text and key = ${claim.key}::text and state = 'in_flight' and locked_until = ${claim.token}::timestamptz`;
  try {
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // Nothing was decided (or nothing replayable was produced): the caller may retry with the same key.
      await db.query(sql`delete from idempotency_key where ${ours}`);
      return payload;
    }
    if (reply.statusCode < 300)
      request.log.error(
        'a creating call answered a success its write did not store (actor.answer): a retry after a crash would decide it again',
      );
    const type = reply.getHeader('content-type');
    const done = (audit: AuditEntry | undefined) =>
      db.query(
        sql.prepared(
          audit ? 'kassa_idempotency_done_audit_3' : 'kassa_idempotency_done_2',
          sql`with expired as (delete from idempotency_key where scope = ${claim.scope} and expires_at <= now())${
            audit ? sql`, audit as (${auditInsert(audit)})` : sql.empty
          }
      update idempotency_key set state = 'done', response_status = ${reply.statusCode}, response_body = ${payload},
        response_type = ${typeof type === 'string' ? type : null}
      where ${ours}`,
        ),
      );
    // An answer that wrote nothing (a refusal): its trail entry goes in the same statement, one round trip less.
    const audit = finalAuditTrailEntry(request, reply, payload);
    if (!audit) await done(undefined);
    else {
      try {
        await done(audit);
        auditTrailWritten(request);
      } catch (error) {
        request.log.warn({ err: error }, 'idempotency answer with audit entry not stored; storing it alone');
        await done(undefined);
      }
    }
  } catch (error) {
    // The database went away: send the answer anyway (an error here would replace it with Fastify's
    // own, leaking the connection error). Nothing was written, so a retry after the lease may decide again.
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
