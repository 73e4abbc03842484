import { sql, type Queryable, type Sql } from '../plugins/db/index.ts';
import type { EntityDef, Tenancy } from './entity.ts';
import type { ListRequest } from './parse.ts';
import { modeOf, type Scope } from './scope.ts';

/**
 * The one place that says which rows a request may see: the tenancy condition every list, count,
 * rollup count, populate and `getEntity` carries, and the WHERE clause built from it.
 */

/** The SQL condition that keeps rows of other tenants out (on alias `e`). */
export const scopeCondition = (scope: Scope, tenancy: Tenancy): Sql | null => {
  if (scope.kind === 'all' || tenancy === 'shared') return null;
  if (tenancy === 'organisation') return sql`e.path like ${`${scope.orgPath}%`}`;
  if (tenancy === 'member')
    return sql`e.organisation_id in (select o.id from organisation o where o.path like ${`${scope.orgPath}%`})`;
  return scope.kind === 'merchant'
    ? sql`e.merchant_id = ${scope.merchantId}`
    : sql`e.organisation_id = any(${scope.orgIds})`;
};

/**
 * True of every row of a merchant-owned table (merchant ids start with `org_`). Refunds',
 * chargebacks' and customers' time indexes are partial on it (migrations 0098, 0099): provider
 * staff's reads of them by time state it to use those indexes (their entities' `providerCondition`,
 * the statistics' refund and customer reads), and a generic plan for one merchant, which cannot
 * prove it, reads that merchant's index.
 */
export const EVERY_MERCHANT = sql`e.merchant_id <> ''`;

/** `and <tenancy condition>` on alias `e` for a merchant-owned table, or nothing for provider staff. */
export const scopedAnd = (scope: Scope): Sql => {
  const condition = scopeCondition(scope, 'merchant');
  return condition ? sql`and ${condition}` : sql.empty;
};

/** The same condition as `scopeCondition(scope, 'merchant')`, for a row already in memory. */
export const inMerchantScope = (scope: Scope, row: { organisation_id: string; merchant_id: string | null }): boolean =>
  scope.kind === 'all' ||
  (scope.kind === 'merchant' ? row.merchant_id === scope.merchantId : scope.orgIds.includes(row.organisation_id));

/** Organisations above the one at `path` inside its merchant (the provider not included). */
const ancestorsOf = (path: string) =>
  sql`select a.id from organisation a where a.type <> 'provider' and a.path <> ${path} and left(${path}, length(a.path)) = a.path`;

/**
 * What a read (list, count, detail, populate) carries: `rowConditions`, and for an entity that
 * `readsAncestors`, a sub-organisation's user also reads the rows made above it in its merchant
 * (the rulesets and tags that apply to its payments). Writes keep `rowConditions`.
 */
export const readConditions = (entity: EntityDef, scope: Scope): Sql[] => {
  if (!entity.readsAncestors || scope.kind !== 'orgs') return rowConditions(entity, scope);
  const own = scopeCondition(scope, entity.tenancy);
  const applying = sql`(${own} or e.organisation_id in (${ancestorsOf(scope.orgPath)}))`;
  return [applying, modeCondition(entity, scope), entity.baseCondition].filter((condition): condition is Sql =>
    Boolean(condition),
  );
};

/** The `organisation` filter matches the organisation's whole subtree (and what applies to it from above: `readsAncestors`). */
const organisationCondition = async (db: Queryable, entity: EntityDef, orgId: string): Promise<Sql> => {
  const [org] = await db.query<{ type: string; path: string }>(
    sql`select type, path from organisation where id = ${orgId}`,
  );
  if (!org) return sql`false`;
  if (entity.tenancy === 'organisation') return sql`e.path like ${`${org.path}%`}`;
  if (entity.tenancy === 'member')
    return sql`e.organisation_id in (select o.id from organisation o where o.path like ${`${org.path}%`})`;
  if (entity.tenancy === 'shared' || org.type === 'provider') return sql`true`;
  if (org.type === 'merchant') return sql`e.merchant_id = ${orgId}`;
  const subtree = sql`e.organisation_id in (select id from organisation where path like ${`${org.path}%`})`;
  return entity.readsAncestors ? sql`(${subtree} or e.organisation_id in (${ancestorsOf(org.path)}))` : subtree;
};

/**
 * The request's mode on a payment-side entity (`moded`, test mode): a row of the other mode is
 * absent from lists and counts and a 404 by id, exactly like another tenant's. The list indexes
 * carry `mode` right after their tenancy column (migration 0116).
 */
export const modeCondition = (entity: Pick<EntityDef, 'moded'>, scope: Scope): Sql | null =>
  entity.moded ? sql`e.mode = ${modeOf(scope)}` : null;

/** The actor's tenancy, the request's mode and the entity's own condition: what any read of one of its rows carries. */
export const rowConditions = (entity: EntityDef, scope: Scope): Sql[] => {
  const scoped = scopeCondition(scope, entity.tenancy);
  const provider = scope.kind === 'all' ? entity.providerCondition : undefined;
  return [scoped, modeCondition(entity, scope), provider, entity.baseCondition].filter((condition): condition is Sql =>
    Boolean(condition),
  );
};

/** Statistics read rows beside the live-only rollups (partial days, other zones, lists of the latest): live rows only, like the rollups. */
export const LIVE_ROWS = sql`e.mode = 'live'`;

/**
 * For reads of the live-only rollups (statistics, finance figures; migration 0116 keeps test rows
 * out of them): in test mode they hold nothing of the request's mode, so such a read finds nothing
 * rather than live figures.
 */
export const liveRollupCondition = (scope: Scope): Sql | null => (modeOf(scope) === 'test' ? sql`false` : null);

/** `and <tenancy condition> and e.mode = <mode>` on alias `e` for a payment-side (moded) merchant-owned table. */
export const scopedModedAnd = (scope: Scope): Sql => sql`${scopedAnd(scope)} and e.mode = ${modeOf(scope)}`;

/** Every condition of a request: its filters, the actor's tenancy, the entity's own, the organisation filter. */
export const conditionsOf = async (
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  request: ListRequest,
): Promise<Sql[]> => [
  ...request.conditions,
  ...readConditions(entity, scope),
  ...(request.organisation ? [await organisationCondition(db, entity, request.organisation)] : []),
];

export const whereOf = (conditions: Sql[]): Sql =>
  conditions.length ? sql`where ${sql.join(conditions, ' and ')}` : sql.empty;

export const whereClause = async (
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  request: ListRequest,
  extra: Sql[] = [],
): Promise<Sql> => whereOf([...(await conditionsOf(db, entity, scope, request)), ...extra]);
