import { newId } from '../lib/ids.ts';
import { sql, type Queryable } from './db/index.ts';

export type AuditEntry = {
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

/** Appends one audit row. Never pass passwords, codes, tokens or card numbers in `detail`. */
export const recordAudit = async (db: Queryable, entry: AuditEntry): Promise<void> => {
  await db.query(sql`
    insert into audit_log (id, organisation_id, user_id, user_name, authentication, type, route, method, url, origin,
      response_code, entity, entity_id, transaction_id, detail, request, response)
    values (${newId('au')}, ${entry.organisationId ?? null}, ${entry.userId ?? null}, ${entry.userName ?? null},
      ${entry.authentication ?? 'jwt'}, ${entry.type}, ${entry.route ?? null}, ${entry.method ?? null}, ${entry.url ?? null},
      ${entry.origin ?? null}, ${entry.responseCode ?? null}, ${entry.entity ?? null}, ${entry.entityId ?? null},
      ${entry.transactionId ?? null}, ${entry.detail ? JSON.stringify(entry.detail) : null},
      ${entry.request ? JSON.stringify(entry.request) : null}, ${entry.response ? JSON.stringify(entry.response) : null})`);
};
