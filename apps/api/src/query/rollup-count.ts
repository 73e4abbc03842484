import type { TListQuery } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../plugins/db/index.ts';
import { own, type EntityDef, type RollupDef } from './entity.ts';
import { parseListQuery } from './parse.ts';
import { genericPlanSafe, withGenericPlan } from './prepared.ts';
import type { Scope } from './scope.ts';
import { whereClause } from './where.ts';
import { zoneClock } from '../lib/zone-clock.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const IGNORED = new Set(['_limit', '_skip', '_sort', '_populate', '_fields', '_format', '_lang', '_tz']);
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

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
 * Counts from a per-day rollup: whole days in the range come from the rollup, the partial first
 * and last day from the rows (an index range of at most a day each). Exact, not estimated. The
 * entity's narrower `totals` rollup (local days of its zone) answers when the filters allow,
 * else the wide one (UTC days). Answers null when the filters need the rows themselves
 * (search, amount range, tags…).
 */
export const countFromRollup = async (
  db: Queryable,
  entity: EntityDef,
  wide: RollupDef,
  scope: Scope,
  query: TListQuery,
): Promise<number | null> => {
  const totals = wide.totals && { ...wide.totals, timeField: wide.timeField };
  const rollup = totals && eligible(entity, totals, query) ? totals : wide;
  if (!eligible(entity, rollup, query)) return null;
  const clock = zoneClock(totals === rollup ? totals.zone : 'UTC');
  const { [`${rollup.timeField}>`]: lowerRaw, [`${rollup.timeField}<`]: upperRaw, ...rest } = query;
  // Validates every key and value exactly as a list request would (400 naming the key).
  parseListQuery(entity, query);
  const rowsRequest = parseListQuery(entity, rest);
  const bound = (raw: string | string[] | undefined) => (raw === undefined ? undefined : Date.parse(String(raw)));
  const lower = bound(lowerRaw);
  const upper = bound(upperRaw);
  if (lower !== undefined && upper !== undefined && upper < lower) return 0;

  // Local dates (YYYY-MM-DD): the first whole day, and the day after the last whole one.
  const lowerDate = lower === undefined ? undefined : clock.localDate(lower);
  const firstFullDay =
    lowerDate === undefined ? undefined : clock.localMidnight(lowerDate) === lower ? lowerDate : nextDate(lowerDate);
  // The upper bound is inclusive: a day is whole only if the bound reaches its last instant.
  const afterLastFullDay = upper === undefined ? undefined : clock.localDate(upper + 1);
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
    ...(firstFullDay === undefined ? [] : [sql`e.day >= ${firstFullDay}::date`]),
    ...(afterLastFullDay === undefined ? [] : [sql`e.day < ${afterLastFullDay}::date`]),
  ];
  const time = sql.raw(entity.fields[rollup.timeField]?.column ?? `e.${rollup.timeField}`);
  const firstStart = firstFullDay === undefined ? undefined : clock.localMidnight(firstFullDay);
  const lastEnd = afterLastFullDay === undefined ? undefined : clock.localMidnight(afterLastFullDay);
  // The partial days at the ends: their whole hours from the hourly rollup where there is one (the
  // zone's midnights being whole UTC hours), the rest from the rows.
  const hourly = rollup.hourly !== undefined;
  const rowEdges: Sql[][] = [];
  const hourEdges: Sql[][] = [];
  const hours = (from: number, to: number) =>
    hourEdges.push([sql`e.hour >= ${new Date(from)}`, sql`e.hour < ${new Date(to)}`]);
  if (lower !== undefined && firstStart !== undefined && firstStart !== lower) {
    const wholeFrom = Math.ceil(lower / HOUR) * HOUR;
    if (hourly && firstStart % HOUR === 0 && wholeFrom < firstStart) {
      if (lower < wholeFrom) rowEdges.push([sql`${time} >= ${new Date(lower)}`, sql`${time} < ${new Date(wholeFrom)}`]);
      hours(wholeFrom, firstStart);
    } else rowEdges.push([sql`${time} >= ${new Date(lower)}`, sql`${time} < ${new Date(firstStart)}`]);
  }
  if (upper !== undefined && lastEnd !== undefined && lastEnd <= upper) {
    const wholeTo = Math.floor((upper + 1) / HOUR) * HOUR;
    if (hourly && lastEnd % HOUR === 0 && lastEnd < wholeTo) {
      hours(lastEnd, wholeTo);
      if (wholeTo <= upper) rowEdges.push([sql`${time} >= ${new Date(wholeTo)}`, sql`${time} <= ${new Date(upper)}`]);
    } else rowEdges.push([sql`${time} >= ${new Date(lastEnd)}`, sql`${time} <= ${new Date(upper)}`]);
  }
  // Filtered by nothing but the range, each count has one plan whatever the tenant and days
  // (the rollup's key and the rows' time index): planned once per connection.
  const rollupRequest = parseListQuery(rollupEntity, rollupFilters);
  // The whole days and the edge days in one statement: one round trip, one connection.
  const parts = await Promise.all([
    whereClause(db, rollupEntity, scope, rollupRequest, days).then(
      (where) => sql`(select coalesce(sum(e.count), 0) from ${sql.raw(rollup.table)} e ${where})`,
    ),
    ...hourEdges.map((edge) =>
      whereClause(db, rollupEntity, scope, rollupRequest, edge).then(
        (where) => sql`(select coalesce(sum(e.count), 0) from ${sql.raw(rollup.hourly as string)} e ${where})`,
      ),
    ),
    ...rowEdges.map((edge) =>
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
