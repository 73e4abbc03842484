import type { TCacheName as CacheName } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export type CacheStateRow = {
  name: CacheName;
  generation: string;
  cleared_at: Date | null;
  cleared_by: string | null;
  cleared_by_name: string | null;
};

export const cacheStates = (db: Queryable) =>
  db.query<CacheStateRow>(sql`select c.name, c.generation, c.cleared_at, c.cleared_by, u.name as cleared_by_name
    from cache_state c left join app_user u on u.id = c.cleared_by
    order by array_position(array['translations', 'rollups', 'lists', 'sessions'], c.name)`);

export const bumpGeneration = (db: Queryable, name: CacheName, userId: string) =>
  db.query(
    sql`update cache_state set generation = generation + 1, cleared_at = now(), cleared_by = ${userId} where name = ${name}`,
  );

/** Rows in the rollups, and when they were first built (the migration that made them). */
export const rollupState = async (db: Queryable) =>
  (
    await db.query<{ rows: string; built_at: Date | null }>(sql`select
      (select count(*) from transaction_daily) + (select count(*) from transaction_hourly) as rows,
      (select applied_at from schema_migration where version like '0006%' limit 1) as built_at`)
  )[0];

/**
 * Builds every statistics rollup again from the live rows (kassa_rebuild_statistics_rollups,
 * migration 0155: the payment rollups as rollups.ts declares them, then the customer and refund
 * ones), in one database transaction: writers of transactions, customers and refunds wait (share
 * lock) so that no change falls between the delete and the insert.
 */
export const rebuildRollups = async (db: Queryable) => {
  await db.query(sql`lock table transaction, customer, refund in share mode`);
  await db.query(sql`select kassa_rebuild_statistics_rollups()`);
};

export const listSizes = async (db: Queryable) =>
  Number(
    (
      await db.query<{ n: string }>(
        sql`select (select count(*) from processor) + (select count(*) from payment_profile) as n`,
      )
    )[0].n,
  );

const ACTIVE = sql`revoked_at is null and expires_at > now()`;

export const sessionState = async (db: Queryable, idleSeconds: number) =>
  (
    await db.query<{ n: string; oldest: Date | null }>(sql`select count(*) as n, min(created_at) as oldest from session
    where ${ACTIVE} and last_seen_at > now() - make_interval(secs => ${idleSeconds})`)
  )[0];

/** Ends every session but the actor's own: everyone else signs in again on their next request. */
export const revokeOtherSessions = async (db: Queryable, keepHash: string) =>
  (
    await db.query<{ id_hash: string }>(
      sql`update session set revoked_at = now() where ${ACTIVE} and id_hash <> ${keepHash} returning id_hash`,
    )
  ).length;
