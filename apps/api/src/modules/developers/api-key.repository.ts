import type { TMode } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export const insertKey = (
  db: Queryable,
  key: {
    id: string;
    organisationId: string;
    merchantId: string | null;
    name: string;
    prefix: string;
    mode: TMode;
    keyHash: string;
    roles: string[];
    createdBy: string;
    createdByName: string;
    /** The key that made this one, if a key did (migration 0100): revoking it revokes this one. */
    createdByKeyId: string | null;
  },
) =>
  db.query(sql`insert into api_key (id, organisation_id, merchant_id, name, prefix, key_hash, roles, created_by, created_by_name, created_by_key_id, mode)
    values (${key.id}, ${key.organisationId}, ${key.merchantId}, ${key.name}, ${key.prefix}, ${key.keyHash}, ${key.roles}, ${key.createdBy}, ${key.createdByName}, ${key.createdByKeyId}, ${key.mode})`);

/** The key works only once this change request is approved (four eyes, issue 35). */
export const holdKey = (db: Queryable, id: string, requestId: string) =>
  db.query(sql`update api_key set pending_change_request = ${requestId} where id = ${id}`);

/** Its request decided: approved, the key works from now on; rejected, it is revoked. Answers whether the key was still waiting. */
export const settleKey = async (
  db: Queryable,
  id: string,
  requestId: string,
  verdict: 'approved' | 'rejected',
  byName: string,
) =>
  (verdict === 'approved'
    ? await db.query(sql`update api_key set pending_change_request = null, updated_at = now()
        where id = ${id} and pending_change_request = ${requestId} and revoked_at is null returning id`)
    : await db.query(sql`update api_key set revoked_at = coalesce(revoked_at, now()),
        revoked_by_name = coalesce(revoked_by_name, ${byName}), updated_at = now()
        where id = ${id} and pending_change_request = ${requestId} returning id`)
  ).length > 0;

/**
 * Revokes the key and every live key below it (keys it made, the keys those made, …): a key made
 * with a key never outlives it. Answers the keys this revoked, the named one first if it was live.
 */
export const revokeKeyTree = async (db: Queryable, id: string, byName: string) =>
  (
    await db.query<{ id: string; name: string }>(sql`
    with recursive tree as (
      select id from api_key where id = ${id}
      union
      select k.id from api_key k join tree t on k.created_by_key_id = t.id
    )
    update api_key k set revoked_at = now(), revoked_by_name = ${byName}, updated_at = now()
      from tree where k.id = tree.id and k.revoked_at is null
      returning k.id, k.name`)
  ).sort((x, y) => (x.id === id ? -1 : y.id === id ? 1 : 0));
