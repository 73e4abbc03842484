import { newId } from '../../lib/ids.ts';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedAnd } from '../../query/where.ts';

export type VersionedTable = 'routing' | 'validation_ruleset';
export type OwnedRow = { id: string; organisation_id: string; merchant_id: string; version: number } & Record<
  string,
  unknown
>;

/** A row of the actor's tenancy, locked until the transaction ends; undefined for unknown or foreign ids. */
export const lockOwned = async (
  tx: Queryable,
  table: VersionedTable | 'tag',
  scope: Scope,
  id: string,
): Promise<OwnedRow | undefined> => {
  const [row] = await tx.query<OwnedRow>(
    sql`select e.* from ${sql.raw(table)} e where e.id = ${id} ${scopedAnd(scope)} for update`,
  );
  return row;
};

export type VersionInsert = {
  entity: 'routing' | 'validationruleset';
  entityId: string;
  organisationId: string;
  merchantId: string;
  version: number;
  userId: string | null;
  userName: string | null;
  change: 'created' | 'updated' | 'rolled_back' | 'deleted';
  snapshot: Record<string, unknown>;
  diff: unknown[];
};

export const insertVersion = (tx: Queryable, v: VersionInsert) =>
  tx.query(sql`insert into config_version (id, entity, entity_id, organisation_id, merchant_id, version, user_id, user_name, change, snapshot, diff)
    values (${newId('ver')}, ${v.entity}, ${v.entityId}, ${v.organisationId}, ${v.merchantId}, ${v.version}, ${v.userId}, ${v.userName}, ${v.change},
      ${JSON.stringify(v.snapshot)}, ${JSON.stringify(v.diff)})`);

export const findVersion = async (tx: Queryable, entityId: string, version: number) => {
  const [row] = await tx.query<{ snapshot: Record<string, unknown> }>(
    sql`select snapshot from config_version where entity_id = ${entityId} and version = ${version}`,
  );
  return row;
};

export const lastVersionNumber = async (tx: Queryable, entityId: string): Promise<number> => {
  const [row] = await tx.query<{ v: number | null }>(
    sql`select max(version)::int as v from config_version where entity_id = ${entityId}`,
  );
  return row?.v ?? 0;
};

/** Processors by id with their product, for checking a tree's endpoints. */
export const findProcessors = (tx: Queryable, ids: string[]) =>
  tx.query<{ id: string; payment_product: string | null }>(
    sql`select id, payment_product from processor where id = any(${ids})`,
  );

/** The tag rulesets that assign a tag, to name them when the tag cannot go. */
export const rulesetsWithTag = (tx: Queryable, tagId: string) =>
  tx.query<{ id: string; name: string }>(
    sql`select id, name from validation_ruleset where tag_id = ${tagId} order by name, id`,
  );

/**
 * The payment profiles that chose a routing, with the product they chose it for and their
 * processors; locked, so no profile picks the routing up while a change to it is checked.
 */
export const findProfilesUsingRouting = async (tx: Queryable, routing: { id: string; merchant_id: string }) =>
  (
    await tx.query<{ id: string; name: string; product: string; processors: string[]; merchant_id: string }>(
      sql`select p.id, p.name, k.key as product, p.processors, p.merchant_id from payment_profile p, jsonb_each(p.routing) k
      where jsonb_typeof(k.value) = 'string' and k.value #>> '{}' = ${routing.id} order by p.name, p.id for update of p`,
    )
  ).map((p) => ({
    ...p,
    // Another merchant's profile (a reference made before references were checked in the owner's
    // scope) still counts, but is not named to this routing's merchant.
    label: p.merchant_id === routing.merchant_id ? `${p.name} (${p.id})` : 'of another merchant',
  }));
