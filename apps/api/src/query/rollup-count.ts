import type { TListQuery } from '@kassa/domain';
import { sql, type Queryable } from '../plugins/db/index.ts';
import { own, type EntityDef, type RollupDef } from './entity.ts';
import { parseListQuery } from './parse.ts';
import { genericPlanSafe, withGenericPlan } from './prepared.ts';
import type { Scope } from './scope.ts';
import { whereClause } from './where.ts';

const DAY = 86_400_000;
const IGNORED = new Set(['_limit', '_skip', '_sort', '_populate', '_fields', '_format', '_lang', '_tz']);
const startOfUtcDay = (time: number) => Math.floor(time / DAY) * DAY;
const dayString = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The filter keys a rollup can answer, or null when any key needs the rows themselves. */
const eligible = (entity: EntityDef, rollup: RollupDef, query: TListQuery): boolean =>
  Object.entries(query).every(([key, value]) => {
    if (IGNORED.has(key)) return true;
    if (key === '_search') return (Array.isArray(value) ? value.join('') : value).trim() === '';
    if (key === '_search_by' || key === 'organisation') return true;
    const name = key.replace(/(\[\]|>|<)$/, '');
    if (name === rollup.timeField) return key.endsWith('>') || key.endsWith('<');
    if (own(rollup.virtualFilters, name)) return !key.endsWith('>') && !key.endsWith('<');
    return (
      own(rollup.dimensions, name) !== undefined &&
      !key.endsWith('>') &&
      !key.endsWith('<') &&
      Boolean(own(entity.fields, name)?.filter)
    );
  });

/**
 * Counts from the per-day rollup: whole UTC days in the range come from the rollup, the partial
 * first and last day from the rows (an index range of at most a day each). Exact, not estimated.
 * Answers null when the filters need the rows themselves (search, amount range, tags…).
 */
export const countFromRollup = async (
  db: Queryable,
  entity: EntityDef,
  rollup: RollupDef,
  scope: Scope,
  query: TListQuery,
): Promise<number | null> => {
  if (!eligible(entity, rollup, query)) return null;
  const { [`${rollup.timeField}>`]: lowerRaw, [`${rollup.timeField}<`]: upperRaw, ...rest } = query;
  // Validates every key and value exactly as a list request would (400 naming the key).
  parseListQuery(entity, query);
  const rowsRequest = parseListQuery(entity, rest);
  const bound = (raw: string | string[] | undefined) => (raw === undefined ? undefined : Date.parse(String(raw)));
  const lower = bound(lowerRaw);
  const upper = bound(upperRaw);
  if (lower !== undefined && upper !== undefined && upper < lower) return 0;

  const firstFullDay =
    lower === undefined ? undefined : lower === startOfUtcDay(lower) ? lower : startOfUtcDay(lower) + DAY;
  // The upper bound is inclusive: a day is whole only if the bound reaches its last instant.
  const afterLastFullDay = upper === undefined ? undefined : startOfUtcDay(upper + 1);
  if (firstFullDay !== undefined && afterLastFullDay !== undefined && afterLastFullDay <= firstFullDay) return null;

  const rollupEntity: EntityDef = {
    name: entity.name,
    table: rollup.table,
    tenancy: entity.tenancy,
    // Never answered: the rollup only counts.
    row: entity.row,
    fields: {
      // Only so that the default sort parses; a count has no order.
      [rollup.timeField]: { type: 'timestamp', column: 'e.day', sort: true },
      ...Object.fromEntries(
        Object.entries(rollup.dimensions).map(([name, column]) => [name, { ...entity.fields[name], column }]),
      ),
    },
    virtualFilters: Object.fromEntries(
      Object.entries(rollup.virtualFilters ?? {}).map(([name, toSql]) => [
        name,
        { ...entity.virtualFilters?.[name], toSql },
      ]),
    ),
  };
  const rollupFilters = Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('_')));
  const days = [
    ...(firstFullDay === undefined ? [] : [sql`e.day >= ${dayString(firstFullDay)}::date`]),
    ...(afterLastFullDay === undefined ? [] : [sql`e.day < ${dayString(afterLastFullDay)}::date`]),
  ];
  const time = sql.raw(entity.fields[rollup.timeField]?.column ?? `e.${rollup.timeField}`);
  const edges = [
    ...(lower !== undefined && firstFullDay !== lower
      ? [[sql`${time} >= ${new Date(lower)}`, sql`${time} < ${new Date(firstFullDay as number)}`]]
      : []),
    ...(upper !== undefined && afterLastFullDay !== undefined && afterLastFullDay <= upper
      ? [[sql`${time} >= ${new Date(afterLastFullDay)}`, sql`${time} <= ${new Date(upper)}`]]
      : []),
  ];
  // Filtered by nothing but the range, each count has one plan whatever the tenant and days
  // (the rollup's key and the rows' time index): planned once per connection.
  const rollupRequest = parseListQuery(rollupEntity, rollupFilters);
  // The whole days and the edge days in one statement: one round trip, one connection.
  const parts = await Promise.all([
    whereClause(db, rollupEntity, scope, rollupRequest, days).then(
      (where) => sql`(select coalesce(sum(e.count), 0) from ${sql.raw(rollup.table)} e ${where})`,
    ),
    ...edges.map((edge) =>
      whereClause(db, entity, scope, rowsRequest, edge).then(
        (where) => sql`(select count(*) from ${sql.raw(entity.table)} e ${where})`,
      ),
    ),
  ]);
  const generic = genericPlanSafe(entity, scope, rollupRequest) && genericPlanSafe(entity, scope, rowsRequest);
  const statement = sql`select (${sql.join(parts, ' + ')})::bigint as count`;
  const [row] = await db.query<{ count: number }>(generic ? withGenericPlan(statement) : statement);
  return row.count;
};
