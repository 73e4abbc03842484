import { newId } from '../lib/ids.ts';
import { sql, type Queryable, type Sql } from './db/index.ts';

export type AuditEntry = {
  /** Given when others refer to the entry before it is written (a request's, the parent of what its handling wrote). */
  id?: string;
  /** The entry of the request whose handling wrote this one (the trail's tree column). */
  parentId?: string | null;
  type: string;
  organisationId?: string | null;
  userId?: string | null;
  userName?: string | null;
  authentication?: 'jwt' | 'api' | 'none' | 'system';
  route?: string;
  method?: string;
  url?: string;
  origin?: string | null;
  responseCode?: number;
  entity?: string;
  entityId?: string;
  transactionId?: string | null;
  paymentProfileId?: string | null;
  detail?: Record<string, unknown>;
  /** Headers and body of the request and response, already masked (plugins/audit-mask.ts). */
  request?: { headers: { name: string; value: string }[]; body: unknown };
  response?: { headers: { name: string; value: string }[]; body: unknown };
};

/**
 * The actor of changes no person or API key made: the scheduled jobs (settlement lifecycle,
 * challenge expiry) and the sandbox acquirer's notifications. Shown as 'system' in the audit trail.
 */
export const SYSTEM_ACTOR = { userName: 'Kassa (system)', authentication: 'system' } as const;

const AUDIT_COLUMNS =
  sql.raw(`id, organisation_id, user_id, user_name, authentication, type, route, method, url, origin,
      response_code, entity, entity_id, transaction_id, detail, request, response, parent_id, payment_profile_id`);

/** An audit row as a select list (typed, so it can also be selected `from` another statement's rows). */
const auditRow = (
  entry: AuditEntry,
) => sql`select ${entry.id ?? newId('au')}::text, ${entry.organisationId ?? null}::text, ${entry.userId ?? null}::text,
      ${entry.userName ?? null}::text, ${entry.authentication ?? 'jwt'}::text, ${entry.type}::text, ${entry.route ?? null}::text,
      ${entry.method ?? null}::text, ${entry.url ?? null}::text, ${entry.origin ?? null}::text, ${entry.responseCode ?? null}::int,
      ${entry.entity ?? null}::text, ${entry.entityId ?? null}::text, ${entry.transactionId ?? null}::text,
      ${entry.detail ? JSON.stringify(entry.detail) : null}::jsonb, ${entry.request ? JSON.stringify(entry.request) : null}::jsonb,
      ${entry.response ? JSON.stringify(entry.response) : null}::jsonb, ${entry.parentId ?? null}::text,
      ${entry.paymentProfileId ?? null}::text`;

/** The insert of one audit row, as a statement or a part of a larger one (a `with` clause). */
export const auditInsert = (entry: AuditEntry): Sql => sql`insert into audit_log (${AUDIT_COLUMNS}) ${auditRow(entry)}`;

/** Appends one audit row. Never pass passwords, codes, tokens or card numbers in `detail`. */
export const recordAudit = async (db: Queryable, entry: AuditEntry): Promise<void> => {
  // Every request of an API key writes one: prepared once per connection.
  await db.query(sql.prepared('kassa_audit_insert_2', auditInsert(entry)));
};

/**
 * The same audit row as a part of a larger statement (a `with` clause): written once for each
 * row of `from` (the rows another part of the statement wrote), so only when they were written.
 */
export const auditInsertFrom = (entry: AuditEntry, from: Sql): Sql =>
  sql`insert into audit_log (${AUDIT_COLUMNS}) ${auditRow(entry)} from ${from}`;
