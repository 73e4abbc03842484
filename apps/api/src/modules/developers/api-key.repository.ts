import { sql, type Queryable } from '../../plugins/db/index.ts';
import { scopedAnd } from '../../query/where.ts';
import type { Scope } from '../../query/scope.ts';

export const insertKey = (
  db: Queryable,
  key: {
    id: string;
    organisationId: string;
    merchantId: string | null;
    name: string;
    prefix: string;
    keyHash: string;
    roles: string[];
    createdBy: string;
    createdByName: string;
  },
) =>
  db.query(sql`insert into api_key (id, organisation_id, merchant_id, name, prefix, key_hash, roles, created_by, created_by_name)
    values (${key.id}, ${key.organisationId}, ${key.merchantId}, ${key.name}, ${key.prefix}, ${key.keyHash}, ${key.roles}, ${key.createdBy}, ${key.createdByName})`);

/** A key of the actor's tenancy, locked until the transaction ends. */
export const lockKey = async (db: Queryable, scope: Scope, id: string) =>
  (
    await db.query<{ id: string; roles: string[]; revoked_at: Date | null; name: string }>(
      sql`select e.id, e.roles, e.revoked_at, e.name from api_key e where e.id = ${id} ${scopedAnd(scope)} for update`,
    )
  )[0];

export const revokeKey = (db: Queryable, id: string, byName: string) =>
  db.query(
    sql`update api_key set revoked_at = now(), revoked_by_name = ${byName}, updated_at = now() where id = ${id}`,
  );

/** An organisation inside the subtree at `subtreePath`, with what a new key needs; undefined outside it. */
export const findOrganisationInSubtree = async (db: Queryable, subtreePath: string, id: string) =>
  (
    await db.query<{ id: string; type: string; merchant_id: string | null }>(
      sql`select id, type, merchant_id from organisation where id = ${id} and path like ${`${subtreePath}%`}`,
    )
  )[0];
