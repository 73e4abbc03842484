import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';

/** Change policies and requests (issue 35): the SQL, nothing else. */

export type PolicyRow = { organisation_id: string; kinds: string[]; expiry_hours: number };

/** The policies of an organisation and of every organisation above it (its own first). */
export const findPoliciesAbove = (db: Queryable, organisationId: string) =>
  db.query<PolicyRow & { own: boolean }>(sql`
    select p.organisation_id, p.kinds, p.expiry_hours, p.organisation_id = t.id as own
    from organisation t join organisation o on t.path like o.path || '%'
    join change_policy p on p.organisation_id = o.id
    where t.id = ${organisationId}
    order by length(o.path) desc`);

export const upsertPolicy = (
  db: Queryable,
  organisationId: string,
  kinds: string[],
  expiryHours: number,
  userId: string,
) =>
  db.query(sql`insert into change_policy (organisation_id, kinds, expiry_hours, updated_by)
    values (${organisationId}, ${kinds}, ${expiryHours}, ${userId})
    on conflict (organisation_id) do update set kinds = excluded.kinds, expiry_hours = excluded.expiry_hours,
      updated_by = excluded.updated_by, updated_at = now()`);

export type NewChangeRequest = {
  id: string;
  organisationId: string;
  merchantId: string | null;
  kind: string;
  action: 'create' | 'update' | 'delete';
  entityId: string | null;
  entityName: string | null;
  body: unknown;
  before: unknown;
  diff: unknown;
  baseVersion: string | null;
  note: string;
  status: 'pending' | 'emergency';
  emergencyReason: string | null;
  expiryHours: number;
  requestedBy: string;
  requestedByName: string | null;
  requestedWith: string;
  /** The body as sent, sealed, when it holds secrets (`body` then holds them masked). */
  sealed: string | null;
};

export const insertChangeRequest = (db: Queryable, r: NewChangeRequest) =>
  db.query(sql`insert into change_request (id, organisation_id, merchant_id, kind, action, entity_id, entity_name,
      body, before, diff, base_version, note, status, emergency, emergency_reason, due_at, expires_at,
      requested_by, requested_by_name, requested_with, sealed)
    values (${r.id}, ${r.organisationId}, ${r.merchantId}, ${r.kind}, ${r.action}, ${r.entityId}, ${r.entityName},
      ${JSON.stringify(r.body)}, ${JSON.stringify(r.before)}, ${JSON.stringify(r.diff)}, ${r.baseVersion}, ${r.note},
      ${r.status}, ${r.status === 'emergency'}, ${r.emergencyReason},
      ${r.status === 'emergency' ? sql`now() + interval '24 hours'` : null},
      now() + make_interval(hours => ${r.expiryHours}), ${r.requestedBy}, ${r.requestedByName}, ${r.requestedWith},
      ${r.sealed})`);

export const saveBacktest = (db: Queryable, id: string, backtest: unknown) =>
  db.query(sql`update change_request set backtest = ${JSON.stringify(backtest)} where id = ${id}`);

export type LockedChangeRequest = {
  id: string;
  organisation_id: string;
  merchant_id: string | null;
  kind: string;
  action: 'create' | 'update' | 'delete';
  entity_id: string | null;
  body: Record<string, unknown>;
  sealed: string | null;
  base_version: string | null;
  note: string;
  status: string;
  expired: boolean;
  requested_by: string;
  /** The person who made the requester's API key (a key's request is that person's too). */
  key_owner: string | null;
};

/** The request `id` the conditions (alias `e`) let through, locked until the transaction ends. */
export const lockChangeRequest = async (db: Queryable, id: string, conditions: Sql[]) =>
  (
    await db.query<LockedChangeRequest>(sql`
      select e.id, e.organisation_id, e.merchant_id, e.kind, e.action, e.entity_id, e.body, e.sealed, e.base_version, e.note,
        e.status, e.expires_at <= now() as expired, e.requested_by,
        (select k.created_by from api_key k where k.id = e.requested_by) as key_owner
      from change_request e where ${sql.join([sql`e.id = ${id}`, ...conditions], ' and ')} for update`)
  )[0];

export const markDecided = (
  db: Queryable,
  id: string,
  status: 'approved' | 'rejected' | 'withdrawn',
  decider: { userId: string; name: string | null; comment: string | null },
) =>
  db.query(sql`update change_request set status = ${status}, decided_by = ${decider.userId},
    decided_by_name = ${decider.name}, decided_at = now(), decision_comment = ${decider.comment}, updated_at = now()
    where id = ${id}`);

/** Active users of the merchant (and its sub-organisations) with their roles: who may be told of an emergency change. */
export const findMerchantUsers = (db: Queryable, merchantId: string) =>
  db.query<{ id: string; email: string; language: string; roles: string[] }>(sql`
    select u.id, u.email, u.language, array(select r.role from user_role r where r.user_id = u.id) as roles
    from app_user u join organisation o on o.id = u.organisation_id
    where (o.id = ${merchantId} or o.merchant_id = ${merchantId}) and u.status = 'active'
    order by u.id limit 200`);

/** Requests waiting for a decision of someone other than `userId`, of the given kinds (pending, or emergency awaiting approval). */
export const countAwaiting = async (db: Queryable, userId: string, kinds: string[], conditions: Sql[]) =>
  (
    await db.query<{ count: number }>(sql`
      select count(*)::int as count from change_request e
      where ${sql.join(
        [
          sql`((e.status = 'pending' and e.expires_at > now()) or e.status = 'emergency')`,
          sql`e.requested_by <> ${userId}`,
          sql`e.kind = any(${kinds})`,
          sql`coalesce((select k.created_by from api_key k where k.id = e.requested_by), '') <> ${userId}`,
          ...conditions,
        ],
        ' and ',
      )}`)
  )[0].count;

/** What a `change_request.*` webhook and push say of a request (never its body: it may hold credentials). */
export type ChangeEventRow = {
  id: string;
  organisation_id: string;
  merchant_id: string | null;
  kind: string;
  action: string;
  entity_id: string | null;
  entity_name: string | null;
  status: string;
  emergency: boolean;
  note: string;
  requested_by: string;
  requested_by_name: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decision_comment: string | null;
  expires_at: Date;
  due_at: Date | null;
  created_at: Date;
  updated_at: Date;
};
export const findChangeEvent = async (db: Queryable, id: string) =>
  (
    await db.query<ChangeEventRow>(sql`select id, organisation_id, merchant_id, kind, action, entity_id, entity_name,
      status, emergency, note, requested_by, requested_by_name, decided_by, decided_by_name, decision_comment,
      expires_at, due_at, created_at, updated_at
      from change_request where id = ${id}`)
  )[0];

/**
 * The webhook URLs an organisation's integrations registered (`POST /v1/webhook/secret`) on the path
 * from the organisation up to its merchant (or the provider, for its own requests): each hears of
 * the organisation's change requests once.
 */
export const findEndpointUrls = async (db: Queryable, organisationId: string) =>
  (
    await db.query<{ url: string }>(sql`select distinct e.url from webhook_endpoint e
      join organisation o on o.id = e.organisation_id
      join organisation w on w.id = ${organisationId}
      where starts_with(w.path, o.path) and (o.merchant_id = w.merchant_id or (w.merchant_id is null and o.id = w.id))
      order by e.url limit 20`)
  ).map((row) => row.url);

/** Pending requests past their expiry, oldest first: the expiry sweep's work. */
export const findExpiredPending = async (db: Queryable, limit: number) =>
  (
    await db.query<{ id: string }>(sql`select id from change_request
      where status = 'pending' and expires_at <= now() order by expires_at, id limit ${limit}`)
  ).map((row) => row.id);

/**
 * Marks one request expired if it still is pending past its expiry, answering it then. The
 * conditional update elects one of racing sweeps: the other waits for the row lock, finds it no
 * longer pending and updates nothing (undefined).
 */
export const markExpired = async (db: Queryable, id: string) =>
  (
    await db.query<{ id: string; organisation_id: string; kind: string; action: string; entity_id: string | null }>(
      sql`update change_request set status = 'expired', updated_at = now()
        where id = ${id} and status = 'pending' and expires_at <= now()
        returning id, organisation_id, kind, action, entity_id`,
    )
  )[0];
