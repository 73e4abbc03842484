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

export const countRulesetsWithTag = async (tx: Queryable, tagId: string): Promise<number> => {
  const [row] = await tx.query<{ n: number }>(
    sql`select count(*)::int as n from validation_ruleset where tag_id = ${tagId}`,
  );
  return row.n;
};
