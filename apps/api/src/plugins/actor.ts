import type { FastifyRequest } from 'fastify';
import { access, CHANGE_EMERGENCY_HEADER, CHANGE_NOTE_HEADER, hasAccess } from '@kassa/domain';
import type { TMode } from '@kassa/domain';
import type { AuditEntry } from './audit.ts';
import { requestAuditId } from './audit-trail.ts';
import { authOf } from './auth-context.ts';
import type { Queryable, Sql } from './db/index.ts';
import type { Scope } from '../query/scope.ts';

/** An idempotency answer prepared as parts of the write's own statement (plugins/idempotency.ts). */
export type StoredAnswer = {
  /**
   * The with-clauses `idem` (stores the answer: one row while the claim is still this request's and
   * `when` holds, none otherwise) and `expired` (forgets the caller's expired keys). The write
   * writes only when `idem` has a row, so the money and its answer commit together or not at all.
   */
  clauses: (when: Sql) => Sql;
  /** The request's audit-trail entry, written by the same statement (only when the write is). */
  audit?: AuditEntry;
};

/**
 * Stores the answer of a creating call with an `Idempotency-Key` in the write's own database
 * transaction (issue 31 item 4): a crash after the commit leaves an answer to replay, never a key
 * in flight that a retry would decide again. Present only while the request holds a claim.
 */
export type AnswerRecorder = {
  /** For a write of one statement: its answer as parts of that statement. */
  prepare(status: number, body: unknown): Promise<StoredAnswer>;
  /** For a write in a transaction: stores the answer and the request's trail entry in `tx`, last before the commit. */
  record(tx: Queryable, status: number, body: unknown): Promise<void>;
  /** Throws the in-flight 409 when the claim is no longer this request's (taken over after its lease). */
  assertHeld(q: Queryable): Promise<void>;
};

/** Who is acting: what they may see, their own organisation, and the audit fields of their changes. */
export type Actor = {
  userId: string;
  scope: Scope;
  organisation: { id: string; type: string; path: string };
  audit: Omit<AuditEntry, 'type'>;
  /**
   * The mode the actor reads and writes (issue 38): every payment-side row it makes carries it.
   * Optional so that jobs and older callers default to live (`actor.mode ?? 'live'`).
   */
  mode?: TMode;
  /** Set for a creating call with an `Idempotency-Key`: its answer goes in the write's transaction. */
  answer?: AnswerRecorder;
  /** A change under four eyes (modules/changes): its note and, for an emergency, the reason, from the request's headers. */
  change?: { note?: string; emergency?: string; mayApplyAtOnce: boolean };
  /** Set while an approved change request is applied: the approval's transaction and the version the request was made against. */
  replay?: { tx: Queryable; changeRequest: string; baseVersion: string | null };
};

/** A header's text; the browser sends non-ASCII text percent-encoded (header values are Latin-1). */
const headerText = (value: string | string[] | undefined): string | undefined => {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw).slice(0, 2000);
  } catch {
    return raw.slice(0, 2000);
  }
};

export const actorOf = (request: FastifyRequest): Actor => {
  const auth = authOf(request);
  return {
    userId: auth.userId,
    scope: auth.scope,
    organisation: auth.organisation,
    mode: auth.mode,
    audit: {
      organisationId: auth.organisation.id,
      userId: auth.userId,
      userName: auth.name,
      authentication: auth.authentication,
      route: request.routeOptions.url,
      method: request.method,
      url: request.url.split('?')[0],
      origin: request.ip,
      // What this request's handling records hangs under the request's own entry (the tree column).
      parentId: requestAuditId(request) ?? null,
    },
    answer: request.idempotentAnswer,
    change: {
      note: headerText(request.headers[CHANGE_NOTE_HEADER]),
      emergency: headerText(request.headers[CHANGE_EMERGENCY_HEADER]),
      mayApplyAtOnce: auth.authentication === 'jwt' && hasAccess(auth.roles, access.changes.emergency),
    },
  };
};

/** The acting person or key with who it is: its roles (what it may grant), name, e-mail and language. */
export type PersonActor = Actor & { roles: string[]; name: string; email: string; language: string };

export const personActorOf = (request: FastifyRequest): PersonActor => {
  const auth = authOf(request);
  return { ...actorOf(request), roles: auth.roles, name: auth.name, email: auth.email, language: auth.language };
};
