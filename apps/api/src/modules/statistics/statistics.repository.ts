import {
  STATISTICS_DEFAULT_CURRENCY,
  STATISTICS_TIME_ZONE,
  type StatisticsPeriod,
  type TMode,
  type TStatisticsQuery,
} from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import { modeOf, type Scope } from '../../query/scope.ts';
import { EVERY_MERCHANT, scopeCondition } from '../../query/where.ts';
import { pyramid, splitEnds, type Level, type Range, type Sign, type Units } from './pyramid.sql.ts';
import { rollupFor, type Rollup } from '../../db/rollups.ts';
import type { ZoneClock } from '../../lib/zone-clock.ts';

export type { Range } from './pyramid.sql.ts';

/** Statuses that count as revenue on the home dashboard (docs/decisions.md). */
export const REVENUE_STATUSES = ['AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED'];

/** Of a source's rows (alias `s`), those that are revenue in `currency`: the achievements' amount. */
export const revenueRows = (currency: string): Sql =>
  sql`s.currency_code = ${currency} and s.status = any(${REVENUE_STATUSES})`;

const statusesOf = (query: TStatisticsQuery): string[] => [query.status ?? [], query['status[]'] ?? []].flat();

/** The one currency a money statistic is answered in (never a sum over several currencies). */
export const currencyOf = (query: TStatisticsQuery) => query.currency_code ?? STATISTICS_DEFAULT_CURRENCY;

/**
 * The currency a money statistic defaults to without `currency_code`: the one of the caller's
 * payment profiles (in `organisation`, when named), EUR when any of them uses it or there are
 * none, else the one most of them use. A GBP-only merchant's counts are then its own, not zero.
 */
export const profileCurrencies = async (db: Queryable, scope: Scope, organisation?: string) => {
  if (scope.kind === 'all' && !organisation) return { currency_code: STATISTICS_DEFAULT_CURRENCY, currencies: [] };
  const rows = await db.query<{ currency_code: string }>(sql`
    select e.currency_code from payment_profile e ${where(filterConditions(scope, { organisation }, { currency: false }).conditions)}
    group by 1 order by (e.currency_code = ${STATISTICS_DEFAULT_CURRENCY}) desc, count(*) desc, 1`);
  const currencies = rows.map((row) => row.currency_code);
  return { currency_code: currencies[0] ?? STATISTICS_DEFAULT_CURRENCY, currencies: currencies.sort() };
};

/**
 * What a statistic reads: `conditions` on columns the rows and the rollups share, and the mode of
 * the rows. The rollups hold live rows only (migration 0116): a live statistic reads them and the
 * live rows at their edges; a test-mode one reads its own rows throughout (test rows are few, and
 * the list indexes lead with tenancy and mode), never a rollup.
 */
export type Filters = { conditions: Sql[]; mode: TMode };

/** The same filters with more conditions. */
export const narrowed = (filters: Filters, ...extra: Sql[]): Filters => ({
  ...filters,
  conditions: [...filters.conditions, ...extra],
});

/** Whether the rollups can answer (live mode); in test mode every source reads the rows. */
export const readsRollups = (filters: Filters) => filters.mode === 'live';

/**
 * The mode as a literal, not a parameter: the live path's text and plans stay exactly what they were
 * (`e.mode = 'live'`, which the planner knows holds nearly every row, where a parameter of a generic
 * plan would be guessed at half); from a closed set, never from the request's text.
 */
const MODE_ROWS = { live: sql.raw(`e.mode = 'live'`), test: sql.raw(`e.mode = 'test'`) } as const;

/** The WHERE of a read of the rows themselves: the filters' mode, conditions and `extra`. */
export const rowsWhere = (filters: Filters, ...extra: Sql[]): Sql =>
  where([MODE_ROWS[filters.mode], ...filters.conditions, ...extra]);

/**
 * The caller's tenancy, mode and the request's filters. Money sources are always narrowed to one
 * currency (`currencyOf`); `currency: false` is for counts that do not depend on it (customers,
 * counts over all currencies).
 */
export const filterConditions = (
  scope: Scope,
  query: TStatisticsQuery,
  columns: { processor?: boolean; product?: boolean; currency?: boolean } = { processor: true, product: true },
): Filters => {
  const conditions: Sql[] = [];
  const scoped = scopeCondition(scope, 'merchant');
  if (scoped) conditions.push(scoped);
  const statuses = statusesOf(query);
  if (statuses.length) conditions.push(sql`e.status = any(${statuses})`);
  if (query.organisation) {
    conditions.push(
      sql`e.organisation_id in (select o.id from organisation o where o.path like (select p.path from organisation p where p.id = ${query.organisation}) || '%')`,
    );
  }
  if (columns.currency !== false) conditions.push(sql`e.currency_code = ${currencyOf(query)}`);
  if (columns.product && query.payment_product_type)
    conditions.push(sql`e.payment_product_type = ${query.payment_product_type}`);
  if (columns.processor && query.processor) conditions.push(sql`e.processor_id = ${query.processor}`);
  if (columns.processor && query.blocked) conditions.push(sql`e.blocked = ${query.blocked === 'true'}`);
  return { conditions, mode: modeOf(scope) };
};

const where = (conditions: Sql[]): Sql => (conditions.length ? sql`where ${sql.join(conditions, ' and ')}` : sql.empty);

const inRange = (range: Range) => [
  sql`e.created_at >= ${new Date(range.lower)}`,
  sql`e.created_at <= ${new Date(range.upper)}`,
];
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Local days (or, with `months`, local months) of the clock's zone as units of time (pyramid.sql.ts). */
const localUnits = (clock: ZoneClock, months = false): Units => {
  const next = (date: string) =>
    months
      ? new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 1)).toISOString().slice(0, 10)
      : nextDate(date);
  const start = (ms: number) => (months ? `${clock.localDate(ms).slice(0, 7)}-01` : clock.localDate(ms));
  const floor = (ms: number) => clock.localMidnight(start(ms));
  return { floor, ceil: (ms) => (floor(ms) === ms ? ms : clock.localMidnight(next(start(ms)))) };
};

/**
 * Local-day rows for the whole days of a range and `edge(part)` for the partial first and last day,
 * or, where shorter, the whole local day less its part outside the range (`edge(part, '-')`, inside
 * that day, so per-period sums stay exact; `splitEnds`).
 */
const byLocalDays = (
  clock: ZoneClock,
  range: Range,
  days: (first: string, end: string) => Sql,
  edge: (range: Range, sign?: Sign) => Sql,
): Sql => {
  const split = splitEnds(localUnits(clock), range.lower, range.upper);
  if (!split) return edge(range);
  const parts = [
    days(clock.localDate(split.from), clock.localDate(split.to)),
    ...split.pieces.map((piece) => edge(piece.range, piece.sign)),
  ];
  return sql`(${sql.join(parts, ' union all ')})`;
};

/** The columns of the payment rollups a statistic may filter or group by. */
export const EVERY_DIMENSION = [
  'organisation_id',
  'currency_code',
  'blocked',
  'status',
  'payment_product_type',
  'processor_id',
] as const;

/**
 * `dimensions`: the columns the request filters or groups by (every one by default). The rollup
 * read is the smallest one that has them (rollups.ts): for what the dashboards send (range,
 * currency, blocked, organisation) one without status, product and processor, whose rows carry
 * null in those columns.
 */
export type SourceOptions = { hours?: boolean; dimensions?: readonly string[] };

/**
 * Transactions in a range as (local, dimensions, count, volume) — `local` the time in the zone, without one — exact for any range in the user's
 * zone: in Europe/Amsterdam whole local days from the local-day rollup (at = the day's midnight)
 * and the partial first and last day from `hourlySource`; in another whole-hour zone from
 * `hourlySource`; in any other zone from the rows. `hours` keeps hour precision.
 */
export const transactionSource = (
  filters: Filters,
  range: Range,
  clock: ZoneClock,
  options: SourceOptions = {},
): Sql => {
  if (clock.rollup === 'rows' || !readsRollups(filters)) return rowSource(filters, range, clock.zone);
  const { conditions } = filters;
  const needs = options.dimensions ?? EVERY_DIMENSION;
  const daily = rollupFor('day', STATISTICS_TIME_ZONE, needs);
  if (options.hours || clock.rollup === 'hour' || !daily) return hourlySource(filters, range, clock.zone, needs);
  return byLocalDays(
    clock,
    range,
    (
      first,
      end,
    ) => sql`select e.day::timestamp as local, e.merchant_id, ${dimensionsOf(daily)}, e.currency_code, e.count, e.volume
      from ${sql.raw(daily.table)} e ${where([...conditions, sql`e.day >= ${first}::date`, sql`e.day < ${end}::date`])}`,
    (edge, sign) => hourlySource(filters, edge, clock.zone, needs, sign),
  );
};

/** A rollup's status, processor and product, null where it has none. */
const dimensionsOf = (rollup: Rollup) =>
  sql.raw(
    [
      'status' in rollup.dimensions ? 'e.status' : 'null::text as status',
      'processor_id' in rollup.dimensions ? `nullif(e.processor_id, '') as processor_id` : 'null::text as processor_id',
      'payment_product_type' in rollup.dimensions ? 'e.payment_product_type' : 'null::text as payment_product_type',
    ].join(', '),
  );

/** The rows themselves, for zones no rollup serves exactly. */
const rowSource = (filters: Filters, range: Range, zone: string, sign: Sign = ''): Sql =>
  sql`select e.created_at at time zone ${zone} as local, e.merchant_id, e.status, e.processor_id, e.payment_product_type, e.currency_code, ${sql.raw(sign)}1 as count, ${sql.raw(sign)}e.amount as volume
    from transaction e ${rowsWhere(filters, ...inRange(range))}`;

/**
 * Whole UTC hours of a range from `hourly`, the partial first and last hour from `rows` (or, when
 * shorter, the whole hour less its rows outside the range; pyramid.sql.ts). The partial days of a
 * local-day read (a local midnight of a whole-hour zone is a UTC hour).
 */
const hoursThenRows =
  (hourly: string, select: (time: Sql, sign: Sign) => Sql, rows: (part: Range, sign: Sign) => Sql) =>
  (edge: Range, sign: Sign = ''): Sql =>
    pyramid(
      [{ unit: 'hour', table: hourly, column: 'hour' }],
      (_, time, signed) => select(time, signed),
      rows,
      edge,
      sign,
    );

/** Payments in a range from the hourly rollup with `needs` (`hoursThenRows`), each part keeping its local time in `zone` (a whole-hour zone: a UTC hour is one local hour). */
const hourlySource = (filters: Filters, range: Range, zone: string, needs: readonly string[], sign: Sign = ''): Sql => {
  const hourly = rollupFor('hour', 'UTC', needs);
  if (!hourly) return rowSource(filters, range, zone, sign);
  return hoursThenRows(
    hourly.table,
    (
      time,
      signed,
    ) => sql`select e.hour at time zone ${zone} as local, e.merchant_id, ${dimensionsOf(hourly)}, e.currency_code, ${sql.raw(signed)}e.count as count, ${sql.raw(signed)}e.volume as volume
      from ${sql.raw(hourly.table)} e ${where([...filters.conditions, time])}`,
    (part, signed) => rowSource(filters, part, zone, signed),
  )(range, sign);
};

/**
 * The 7×24 heatmap's source as (date = local ISO weekday, hour, count, volume): in Europe/Amsterdam
 * the whole local months of the range from the local weekday × hour rollup when it has the
 * request's `dimensions`, the rest hour by hour; otherwise hour by hour throughout. A partial month
 * at either end is read hour by hour, or (when shorter) as the whole month less its hours outside
 * the range: a range up to now reads this month from the rollup less the hours still to come.
 */
export const cellSource = (filters: Filters, range: Range, clock: ZoneClock, dimensions: readonly string[]): Sql => {
  const { conditions } = filters;
  const cells = (source: Sql, sign: Sign) =>
    sql`(select extract(isodow from s.local)::int as date, extract(hour from s.local)::int as hour, ${sql.raw(sign)}s.count as count, ${sql.raw(sign)}s.volume as volume from ${source} s)`;
  const hours = (part: Range, sign: Sign = '') =>
    cells(sql`(${transactionSource(filters, part, clock, { hours: true, dimensions })})`, sign);
  const monthly = rollupFor('month', STATISTICS_TIME_ZONE, [...dimensions, 'isodow', 'local_hour']);
  if (!monthly || clock.rollup !== 'local-day' || !readsRollups(filters)) return hours(range);
  const split = splitEnds(localUnits(clock, true), range.lower, range.upper);
  if (!split) return hours(range);
  const parts = [
    sql`(select e.isodow::int as date, e.local_hour::int as hour, e.count, e.volume from ${sql.raw(monthly.table)} e
    ${where([...conditions, sql`e.month >= ${clock.localDate(split.from)}::date`, sql`e.month < ${clock.localDate(split.to)}::date`])})`,
    ...split.pieces.map((piece) => hours(piece.range, piece.sign)),
  ];
  return sql`(${sql.join(parts, ' union all ')})`;
};

/** The rollup levels a pyramid may read: none in test mode (the rollups hold live rows only). */
const levelsOf = (filters: Filters, levels: Level[]): Level[] => (readsRollups(filters) ? levels : []);

/** The UTC rollup of `unit` with every dimension, as a pyramid level. */
export const levelOf = (unit: Level['unit']): Level => {
  const rollup = rollupFor(unit, 'UTC', EVERY_DIMENSION);
  if (!rollup?.time) throw new Error(`no UTC ${unit} rollup with every dimension in rollups.ts`);
  return { unit, table: rollup.table, column: rollup.time.column };
};

const TRANSACTION_LEVELS: Level[] = [levelOf('month'), levelOf('day'), levelOf('hour')];

/** Transactions in a range as (dimensions, count, volume), for sums that need no local time (pyramid.sql.ts). */
export const rangeSource = (filters: Filters, range: Range): Sql =>
  pyramid(
    levelsOf(filters, TRANSACTION_LEVELS),
    (
      level,
      time,
      sign,
    ) => sql`select e.merchant_id, e.status, nullif(e.processor_id, '') as processor_id, e.payment_product_type, e.currency_code, ${sql.raw(sign)}e.count as count, ${sql.raw(sign)}e.volume as volume
      from ${sql.raw(level.table)} e ${where([...filters.conditions, time])}`,
    (
      rows,
      sign,
    ) => sql`select e.merchant_id, e.status, e.processor_id, e.payment_product_type, e.currency_code, ${sql.raw(sign)}1 as count, ${sql.raw(sign)}e.amount as volume
      from transaction e ${rowsWhere(filters, ...inRange(rows))}`,
    range,
  );

/** Refunds in a range: whole local days from refund_local_daily (Europe/Amsterdam), whole hours from refund_hourly, the rest from the rows. */
export const refundSource = (filters: Filters, range: Range, clock: ZoneClock): Sql => {
  const { conditions } = filters;
  const rows = (
    part: Range,
    sign: Sign = '',
  ) => sql`select e.created_at at time zone ${clock.zone} as local, e.merchant_id, e.status, e.currency_code, ${sql.raw(sign)}1 as count, ${sql.raw(sign)}e.amount as volume
    from refund e ${rowsWhere(filters, ...inRange(part), EVERY_MERCHANT)}`;
  if (clock.rollup !== 'local-day' || !readsRollups(filters)) return rows(range);
  return byLocalDays(
    clock,
    range,
    (first, end) => sql`select e.day::timestamp as local, e.merchant_id, e.status, e.currency_code, e.count, e.volume
    from refund_local_daily e ${where([...conditions, sql`e.day >= ${first}::date`, sql`e.day < ${end}::date`])}`,
    hoursThenRows(
      'refund_hourly',
      (
        time,
        sign,
      ) => sql`select e.hour at time zone ${clock.zone} as local, e.merchant_id, e.status, e.currency_code, ${sql.raw(sign)}e.count as count, ${sql.raw(sign)}e.volume as volume
      from refund_hourly e ${where([...conditions, time])}`,
      rows,
    ),
  );
};

/** New customers in a range (a customer has no volume): whole local days from customer_local_daily, whole hours from customer_hourly, the rest from the rows. */
export const customerSource = (filters: Filters, range: Range, clock: ZoneClock): Sql => {
  const { conditions } = filters;
  const rows = (
    part: Range,
    sign: Sign = '',
  ) => sql`select e.created_at at time zone ${clock.zone} as local, e.merchant_id, e.status, ${sql.raw(sign)}1 as count, 0 as volume
    from customer e ${rowsWhere(filters, ...inRange(part), EVERY_MERCHANT)}`;
  if (clock.rollup !== 'local-day' || !readsRollups(filters)) return rows(range);
  return byLocalDays(
    clock,
    range,
    (first, end) => sql`select e.day::timestamp as local, e.merchant_id, e.status, e.count, 0::bigint as volume
    from customer_local_daily e ${where([...conditions, sql`e.day >= ${first}::date`, sql`e.day < ${end}::date`])}`,
    hoursThenRows(
      'customer_hourly',
      (
        time,
        sign,
      ) => sql`select e.hour at time zone ${clock.zone} as local, e.merchant_id, e.status, ${sql.raw(sign)}e.count as count, 0::bigint as volume
      from customer_hourly e ${where([...conditions, time])}`,
      rows,
    ),
  );
};

type Money = { count: number; volume: number };

/** Every local period of the range with its sums, empty periods as zero. */
export const perPeriod = (db: Queryable, source: Sql, range: Range, period: StatisticsPeriod, zone: string) =>
  db.query<Money & { period: string }>(sql`
    with s as (${source}),
    sums as (select date_trunc(${period}, s.local) as p, sum(s.count)::bigint as count, sum(s.volume)::numeric as volume from s group by 1),
    periods as (select generate_series(date_trunc(${period}, ${new Date(range.lower)}::timestamptz at time zone ${zone}),
      date_trunc(${period}, ${new Date(range.upper)}::timestamptz at time zone ${zone}), ('1 ' || ${period})::interval) as p)
    select to_char(periods.p, 'YYYY-MM-DD') as period, coalesce(sums.count, 0)::bigint as count, coalesce(sums.volume, 0)::numeric as volume
    from periods left join sums on sums.p = periods.p order by periods.p`);

export const totalOf = async (db: Queryable, source: Sql, range: Range, period: StatisticsPeriod, zone: string) => {
  const [row] = await db.query<Money & { periods: number }>(sql`
    select coalesce(sum(s.count), 0)::bigint as count, coalesce(sum(s.volume), 0)::numeric as volume,
      (select count(*) from generate_series(date_trunc(${period}, ${new Date(range.lower)}::timestamptz at time zone ${zone}),
        date_trunc(${period}, ${new Date(range.upper)}::timestamptz at time zone ${zone}), ('1 ' || ${period})::interval))::int as periods
    from (${source}) s`);
  return row;
};

/** Sums grouped by one column of the source (status, processor_id, …). */
export const groupedBy = (db: Queryable, source: Sql, column: string) =>
  db.query<Money & { key: string | null }>(sql`
    select s.${sql.raw(column)} as key, sum(s.count)::bigint as count, sum(s.volume)::numeric as volume
    from (${source}) s group by 1 having sum(s.count) <> 0 order by 3 desc, 1`);

/** The 7×24 local weekday/hour cells that hold transactions, from `cellSource`. */
export const dayAndTime = (db: Queryable, cells: Sql) =>
  db.query<Money & { date: number; hour: number }>(sql`
    select s.date, s.hour, sum(s.count)::bigint as count, sum(s.volume)::numeric as volume
    from ${cells} s group by 1, 2 having sum(s.count) <> 0 order by 1, 2`);

const COUNTRY_LEVELS: Level[] = [
  { unit: 'month', table: 'transaction_country_monthly', column: 'month' },
  { unit: 'day', table: 'transaction_country_daily', column: 'day' },
  { unit: 'hour', table: 'transaction_country_hourly', column: 'hour' },
];

/** Transaction count and volume by the transaction's country: months, days and hours of the country rollups, the rest from rows (pyramid.sql.ts). */
export const byCountry = (db: Queryable, filters: Filters, range: Range) => {
  const source = pyramid(
    levelsOf(filters, COUNTRY_LEVELS),
    (level, time, sign) =>
      sql`select e.country_code, ${sql.raw(sign)}e.count as count, ${sql.raw(sign)}e.volume as volume from ${sql.raw(level.table)} e ${where([...filters.conditions, sql`e.country_code <> ''`, time])}`,
    (rows, sign) =>
      sql`select e.country_code, ${sql.raw(sign)}1 as count, ${sql.raw(sign)}e.amount as volume from transaction e ${rowsWhere(filters, sql`e.country_code is not null`, ...inRange(rows))}`,
    range,
  );
  return db.query<Money & { alpha2: string }>(sql`
    select s.country_code as alpha2, sum(s.count)::bigint as count, sum(s.volume)::numeric as volume
    from ${source} s group by 1 having sum(s.count) <> 0 order by 3 desc`);
};

type CustomerDetails = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email_address: string | null;
  city: string | null;
  region: string | null;
  country_code: string | null;
  status: string;
};

/** The customers of `bestCustomerIds` with their details, in its order. */
export const customerDetails = async (
  db: Queryable,
  best: { customer_id: string; count: number; volume: number }[],
) => {
  const rows = await db.query<CustomerDetails>(sql`
    select c.id, c.first_name, c.last_name, c.email_address, c.city, c.region, c.country_code, c.status from customer c where c.id = any(${best.map((b) => b.customer_id)})`);
  return best.flatMap((b) =>
    rows.filter((row) => row.id === b.customer_id).map((row) => ({ ...row, count: b.count, volume: b.volume })),
  );
};

/** Customers per segment (all customers in scope, not a range), from customer_segment_count; in test mode from the customers. */
export const segments = (db: Queryable, filters: Filters) =>
  db.query<{ segment: string; count: number }>(
    readsRollups(filters)
      ? sql`
    select e.segment, sum(e.count)::bigint as count from customer_segment_count e ${where(filters.conditions)} group by 1 having sum(e.count) <> 0 order by 2 desc, 1`
      : sql`
    select coalesce(e.segment, 'none') as segment, count(*)::bigint as count from customer e ${rowsWhere(filters)} group by 1 order by 2 desc, 1`,
  );

/** The newest status changes: transactions (blocked ones as their own type) and refunds. */
export const recentActivity = (db: Queryable, filters: Filters, limit: number) => {
  const scoped = rowsWhere(filters);
  return db.query<{
    id: string;
    type: 'transaction' | 'blocked' | 'refund';
    status: string;
    amount: number;
    currency_code: string;
    payment_product: string;
    organisation_id: string;
    organisation_name: string;
    transaction: string;
    created_at: Date;
  }>(sql`
    with recent as (
      (select e.id, case when e.blocked then 'blocked' else 'transaction' end as type, e.status, e.amount, e.currency_code, e.payment_product_type as payment_product,
         e.organisation_id, e.id as transaction, e.updated_at as created_at
       from transaction e ${scoped} order by e.created_at desc limit ${limit})
      union all
      (select e.id, 'refund', e.status, e.amount, e.currency_code, t.payment_product_type, e.organisation_id, e.transaction_id, e.last_status_update
       from refund e join transaction t on t.id = e.transaction_id ${rowsWhere(filters, EVERY_MERCHANT)} order by e.created_at desc limit ${limit}))
    select recent.*, o.name as organisation_name from recent join organisation o on o.id = recent.organisation_id
    order by recent.created_at desc, recent.id desc limit ${limit}`);
};

/** Count and volume per local period (of the source's `local` times) and payment product type; only pairs that hold transactions. */
export const typePerPeriod = (db: Queryable, source: Sql, period: StatisticsPeriod) =>
  db.query<Money & { period: string; type: string }>(sql`
    select to_char(date_trunc(${period}, s.local), 'YYYY-MM-DD') as period, s.payment_product_type as type,
      sum(s.count)::bigint as count, sum(s.volume)::numeric as volume
    from (${source}) s group by 1, 2 having sum(s.count) <> 0 order by 1, 2`);

/** Count and volume per local ISO weekday (1 Monday … 7 Sunday) of the source's instants. */
export const perWeekday = (db: Queryable, source: Sql) =>
  db.query<Money & { date: number }>(sql`
    select extract(isodow from s.local)::int as date, sum(s.count)::bigint as count, sum(s.volume)::numeric as volume
    from (${source}) s group by 1 order by 1`);

/** Transactions per card scheme (card_brand; `other` without one): months and days of the country rollups, the partial days from rows. */
export const bySchemes = (db: Queryable, filters: Filters, range: Range) => {
  const source = pyramid(
    levelsOf(filters, COUNTRY_LEVELS.slice(0, 2)),
    (level, time, sign) =>
      sql`select case when e.card_brand = '' then 'other' else e.card_brand end as scheme, ${sql.raw(sign)}e.count as count, ${sql.raw(sign)}e.volume as volume from ${sql.raw(level.table)} e ${where([...filters.conditions, time])}`,
    (rows, sign) =>
      sql`select coalesce(nullif(e.card_brand, ''), 'other') as scheme, ${sql.raw(sign)}1 as count, ${sql.raw(sign)}e.amount as volume from transaction e ${rowsWhere(filters, ...inRange(rows))}`,
    range,
  );
  return db.query<Money & { scheme: string }>(sql`
    select s.scheme, sum(s.count)::bigint as count, sum(s.volume)::numeric as volume from ${source} s group by 1 having sum(s.count) <> 0 order by 3 desc, 1`);
};

/** The client dimensions a payment records (migration 0135), each a kind of the client rollups. */
export const CLIENT_KINDS = ['platform', 'browser', 'issuer', 'issuer_country'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

const CLIENT_LEVELS: Level[] = [
  { unit: 'month', table: 'transaction_client_monthly', column: 'month' },
  { unit: 'day', table: 'transaction_client_daily', column: 'day' },
];

/** Count and volume per value of one client dimension ('' = unknown): whole months and days from the client rollups, the ends of the range from rows. */
export const byClient = (db: Queryable, kind: ClientKind, asked: Filters, range: Range) => {
  const column = sql.raw(`e.${kind}`);
  // An issuer is a card's: payments by other means are not of an unknown issuer, they have none.
  const filters =
    kind === 'issuer' || kind === 'issuer_country' ? narrowed(asked, sql`e.payment_product_type = 'card'`) : asked;
  const source = pyramid(
    levelsOf(filters, CLIENT_LEVELS),
    (level, time, sign) =>
      sql`select e.value, ${sql.raw(sign)}e.count as count, ${sql.raw(sign)}e.volume as volume from ${sql.raw(level.table)} e ${where([...filters.conditions, sql`e.kind = ${kind}`, time])}`,
    (rows, sign) =>
      sql`select coalesce(${column}, '') as value, ${sql.raw(sign)}1 as count, ${sql.raw(sign)}e.amount as volume from transaction e ${rowsWhere(filters, ...inRange(rows))}`,
    range,
  );
  return db.query<Money & { value: string }>(sql`
    select s.value, sum(s.count)::bigint as count, sum(s.volume)::numeric as volume from ${source} s group by 1 having sum(s.count) <> 0 order by s.value = '', 2 desc, 1`);
};

export const idsOf = (query: TStatisticsQuery) => (query.ids ? query.ids.split(',') : undefined);

/**
 * The processors a caller's statistics are about: for a merchant (or the provider in a merchant's
 * context, `organisation`) those its payment profiles use, for the provider as a whole every one.
 */
export const processorsOf = (db: Queryable, scope: Scope, query: TStatisticsQuery) => {
  const ids = idsOf(query);
  const own =
    scope.kind === 'all' && !query.organisation
      ? sql.empty
      : sql`and p.id in (select unnest(e.processors) from payment_profile e ${where(filterConditions(scope, { organisation: query.organisation }, { currency: false }).conditions)})`;
  return db.query<{ id: string; name: string; payment_product: string | null; gateway: string | null }>(sql`
    select p.id, p.name, p.payment_product, p.gateway from processor p where p.type = 'processor' ${ids ? sql`and p.id = any(${ids})` : sql.empty} ${own}
    order by p.name, p.id limit ${query._limit ?? 1000}`);
};

/** Counts and volumes per processor, status and currency of the compared processors over the range. */
export const processorCompareRows = (db: Queryable, filters: Filters, ids: string[], range: Range) =>
  db.query<{
    processor_id: string;
    status: string;
    currency_code: string;
    count: number;
    volume: number;
  }>(sql`
    select s.processor_id, s.status, s.currency_code, sum(s.count)::bigint as count, sum(s.volume)::numeric as volume
    from (${rangeSource(narrowed(filters, sql`e.processor_id = any(${ids})`), range)}) s group by 1, 2, 3`);

/** Revenue per active (or inactive) merchant over the range, best first, from the given revenue conditions. */
export const topMerchantRows = (db: Queryable, filters: Filters, range: Range, query: TStatisticsQuery) =>
  db.query<{ id: string; name: string; count: number; volume: number }>(sql`
    with r as (select s.merchant_id, sum(s.count)::bigint as count, sum(s.volume)::numeric as volume
      from (${rangeSource(filters, range)}) s group by 1 having sum(s.count) <> 0)
    select o.id, o.name, r.count, r.volume from r join organisation o on o.id = r.merchant_id
    where o.active = ${query.active !== 'false'} order by ${query._sort === '-count' ? sql`r.count desc, r.volume desc` : sql`r.volume desc, r.count desc`}, o.id limit ${query._limit ?? 5}`);
