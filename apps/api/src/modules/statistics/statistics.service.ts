import countries from 'i18n-iso-countries';
import {
  COMPARE_STATUSES,
  LIFECYCLE_STATUSES,
  STATISTICS_TIME_ZONE,
  TRANSACTION_OUTCOMES,
  type TStatisticsQuery,
} from '@kassa/domain';
import { badRequest, notFoundAt } from '../../lib/http-error.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import {
  byCountry,
  bySchemes,
  byClient,
  type ClientKind,
  cellSource,
  currencyOf,
  customerDetails,
  customerSource,
  dayAndTime,
  filterConditions,
  type Filters,
  groupedBy,
  idsOf,
  perPeriod,
  perWeekday,
  processorCompareRows,
  processorsOf,
  readsRollups,
  rangeSource,
  recentActivity,
  refundSource,
  REVENUE_STATUSES,
  revenueRows,
  segments,
  topMerchantRows,
  totalOf,
  transactionSource,
  typePerPeriod,
  type Range,
} from './statistics.repository.ts';
import { bestCustomerIds } from './best-customers.repository.ts';
import { localMonthSource } from './local-months.repository.ts';
import { sumsOf } from './sums.repository.ts';
import { zoneClock, type ZoneClock } from '../../lib/zone-clock.ts';
import { rollupFor } from '../../db/rollups.ts';

const DAY = 86_400_000;
export const DEFAULT_RANGE_DAYS = 28;

/** The request's range: both bounds inclusive; without a lower bound the last 28 days up to the upper one (or now). */
export const rangeOf = (query: TStatisticsQuery, now = Date.now()): Range => {
  const upper = query['created_at<'] ? Date.parse(query['created_at<']) : now;
  const lower = query['created_at>'] ? Date.parse(query['created_at>']) : upper - DEFAULT_RANGE_DAYS * DAY;
  if (upper < lower) throw badRequest('querystring.created_at<', 'created_at< must not be before created_at>');
  if (upper - lower > 3 * 366 * DAY)
    throw badRequest('querystring.created_at>', 'created_at> must be at most 3 years before created_at<');
  return { lower, upper };
};

export type Entity = 'transaction' | 'refund' | 'customer';

/**
 * The rollup columns a request filters by, and with `grouped` every one it may group by: the
 * rollup read must have them (rollups.ts chooses it).
 */
const dimensionsOf = (query: TStatisticsQuery, grouped = false): string[] => {
  const filtered = {
    status: Boolean(query.status || query['status[]']?.length),
    payment_product_type: Boolean(query.payment_product_type),
    processor_id: Boolean(query.processor),
  };
  const optional = Object.entries(filtered).filter(([, used]) => grouped || used);
  return ['organisation_id', 'currency_code', 'blocked', ...optional.map(([column]) => column)];
};

const dimensionCount = (rollup: ReturnType<typeof rollupFor>) => Object.keys(rollup?.dimensions ?? {}).length;

/**
 * Sums over a range read local days from the smallest local-day rollup, or from one narrower than
 * the UTC daily rollup when the range holds no whole month; else months of the UTC pyramid read
 * fewer rows (a year: 12 months against 365 days per combination).
 */
const sumsLocally = (dimensions: string[], range: Range) => {
  const local = rollupFor('day', STATISTICS_TIME_ZONE, dimensions);
  if (local === rollupFor('day', STATISTICS_TIME_ZONE, [])) return true;
  return (
    range.upper - range.lower < 28 * DAY && dimensionCount(local) < dimensionCount(rollupFor('day', 'UTC', dimensions))
  );
};

/** Transactions in a range for sums over the whole range (no local time): local days or the UTC pyramid, whichever reads less. */
const sumSource = (filters: Filters, dimensions: string[], range: Range) =>
  sumsLocally(dimensions, range)
    ? transactionSource(filters, range, zoneClock(), { dimensions })
    : rangeSource(filters, range);

/**
 * The rows of an entity in a range. `clock` 'sums' is for sums over the whole range, which need no
 * local time: the smallest local-day rollup when it has the request's dimensions, else the UTC
 * pyramid (pyramid.sql.ts). `grouped` keeps status, product and processor in the rows (grouping by
 * them), so the rollup read has them; `month`: the
 * rows only feed sums per local month (whole UTC months moved to local ones, local-months.repository.ts).
 */
const sourceOf = (
  entity: Entity,
  scope: Scope,
  query: TStatisticsQuery,
  range: Range,
  clock: ZoneClock | 'sums',
  grouped = false,
  month = false,
) => {
  const needs = dimensionsOf(query, grouped);
  const filters = filterConditions(scope, query);
  if (entity === 'transaction' && month && clock !== 'sums' && readsRollups(filters))
    return localMonthSource(filters.conditions, range, clock);
  if (entity === 'transaction') {
    if (clock !== 'sums') return transactionSource(filterConditions(scope, query), range, clock, { dimensions: needs });
    return sumSource(filterConditions(scope, query), needs, range);
  }
  const local = clock === 'sums' ? zoneClock() : clock;
  if (entity === 'refund') return refundSource(filterConditions(scope, query, {}), range, local);
  return customerSource(filterConditions(scope, query, { currency: false }), range, local);
};

export const aggregateStats = (
  db: Queryable,
  entity: Entity,
  scope: Scope,
  query: TStatisticsQuery,
  zone = STATISTICS_TIME_ZONE,
) => {
  const range = rangeOf(query);
  const period = query.period ?? 'day';
  const source = sourceOf(entity, scope, query, range, zoneClock(zone), false, period === 'month');
  return perPeriod(db, source, range, period, zone);
};

export const aggregateTotal = async (
  db: Queryable,
  entity: Entity,
  scope: Scope,
  query: TStatisticsQuery,
  zone = STATISTICS_TIME_ZONE,
) => {
  const range = rangeOf(query);
  const total = await totalOf(db, sourceOf(entity, scope, query, range, 'sums'), range, query.period ?? 'day', zone);
  return { ...total, currency_code: entity === 'customer' ? null : currencyOf(query) };
};

const GROUP_COLUMNS = {
  status: 'status',
  payment_product_type: 'payment_product_type',
  processor: 'processor_id',
  currency_code: 'currency_code',
} as const;

export const aggregateGroup = async (db: Queryable, scope: Scope, query: TStatisticsQuery) => {
  if (!query.group_by) throw badRequest('querystring.group_by', 'group_by is required');
  const range = rangeOf(query);
  // Grouped by currency, each row is already one currency: the other filters apply, no default currency.
  const source =
    query.group_by === 'currency_code' && !query.currency_code
      ? rangeSource(filterConditions(scope, query, { processor: true, product: true, currency: false }), range)
      : sourceOf('transaction', scope, query, range, 'sums', true);
  const rows = await groupedBy(db, source, GROUP_COLUMNS[query.group_by]);
  return rows.map((row) => ({ key: row.key ?? '', count: row.count, volume: row.volume }));
};

/** What refunds and customers can be grouped by (their rows have no product or processor; customers no currency). */
const OTHER_GROUPS = { refund: ['status', 'currency_code'], customer: ['status'] } as const;

/** `refund/aggregate` and `customer/aggregate` with group_by (payments.md §7 "{entity}/aggregate with group_by"). */
export const otherAggregateGroup = async (
  db: Queryable,
  entity: 'refund' | 'customer',
  scope: Scope,
  query: TStatisticsQuery,
) => {
  const allowed: readonly string[] = OTHER_GROUPS[entity];
  if (!query.group_by || !allowed.includes(query.group_by))
    throw badRequest('querystring.group_by', `group_by must be one of ${allowed.join(', ')}`);
  const range = rangeOf(query);
  const source =
    entity === 'refund' && query.group_by === 'currency_code' && !query.currency_code
      ? refundSource(filterConditions(scope, query, { currency: false }), range, zoneClock())
      : sourceOf(entity, scope, query, range, 'sums');
  const rows = await groupedBy(db, source, GROUP_COLUMNS[query.group_by]);
  return rows.map((row) => ({ key: row.key ?? '', count: row.count, volume: row.volume }));
};

const percentage = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

export const lifecycle = async (db: Queryable, scope: Scope, query: TStatisticsQuery) => {
  const rows = await groupedBy(db, sourceOf('transaction', scope, query, rangeOf(query), 'sums', true), 'status');
  const count = rows.reduce((sum, row) => sum + row.count, 0);
  const volume = rows.reduce((sum, row) => sum + row.volume, 0);
  return LIFECYCLE_STATUSES.map((name) => {
    const row = rows.find((r) => r.key === name) ?? { count: 0, volume: 0 };
    return {
      name,
      count: row.count,
      volume: row.volume,
      count_percentage: percentage(row.count, count),
      volume_percentage: percentage(row.volume, volume),
    };
  });
};

export const location = async (db: Queryable, scope: Scope, query: TStatisticsQuery) => {
  const rows = await byCountry(db, filterConditions(scope, query), rangeOf(query));
  return rows.map((row) => ({
    location: {
      alpha2: row.alpha2,
      alpha3: countries.alpha2ToAlpha3(row.alpha2) ?? '',
      numeric: countries.alpha2ToNumeric(row.alpha2) ?? '',
    },
    count: row.count,
    volume: row.volume,
  }));
};

export const dayAndTimeCells = (db: Queryable, scope: Scope, query: TStatisticsQuery, zone = STATISTICS_TIME_ZONE) => {
  const range = rangeOf(query);
  // Hour precision: local weekday × hour cells need the hourly rollup throughout.
  return dayAndTime(db, cellSource(filterConditions(scope, query), range, zoneClock(zone), dimensionsOf(query)));
};

/** Per local day of the range: the revenue overview, the weekday comparison and the 56-day split. */
export const dailyAggregate = async (
  db: Queryable,
  scope: Scope,
  query: TStatisticsQuery,
  zone = STATISTICS_TIME_ZONE,
) => {
  const range = rangeOf(query);
  const rows = await perPeriod(db, sourceOf('transaction', scope, query, range, zoneClock(zone)), range, 'day', zone);
  return rows.map((row) => ({ date: row.period, amount: row.volume, count: row.count }));
};

/**
 * The filters a call that sets its own range and statuses still honours (the dashboard cards and
 * processor statistics): organisation, currency, product, processor and blocked, like every other call.
 */
const filtersOf = (query: TStatisticsQuery): TStatisticsQuery => ({
  organisation: query.organisation,
  currency_code: query.currency_code,
  payment_product_type: query.payment_product_type,
  processor: query.processor,
  blocked: query.blocked,
});

const revenue = (query: TStatisticsQuery): TStatisticsQuery => ({
  ...query,
  status: undefined,
  'status[]': REVENUE_STATUSES,
});

/** Today (local day so far): revenue and transactions, expected = mean revenue of the same weekday over the 4 weeks before. */
export const today = async (
  db: Queryable,
  scope: Scope,
  query: TStatisticsQuery = {},
  zone = STATISTICS_TIME_ZONE,
  now = Date.now(),
) => {
  const clock = zoneClock(zone);
  const date = clock.localDate(now);
  const startMs = clock.localMidnight(date);
  const filters = filterConditions(scope, revenue(filtersOf(query)));
  const needs = dimensionsOf(revenue(filtersOf(query)));
  const [todays, ...previous] = await sumsOf(db, [
    { source: sumSource(filters, needs, { lower: startMs, upper: now }) },
    ...[1, 2, 3, 4].map((weeks) => {
      // The same weekday's whole local day (23, 24 or 25 hours long) weeks × 7 days before.
      const day = new Date(Date.parse(`${date}T00:00:00Z`) - weeks * 7 * DAY).toISOString().slice(0, 10);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
      return {
        source: sumSource(filters, needs, { lower: clock.localMidnight(day), upper: clock.localMidnight(next) - 1 }),
      };
    }),
  ]);
  return {
    amount: todays.volume,
    transactions: todays.count,
    expected_amount: Math.round(previous.reduce((sum, p) => sum + p.volume, 0) / previous.length),
    currency_code: currencyOf(query),
  };
};

/** A merchant's own figures with no filter but the currency: the dashboard's default cards. */
const oneMerchantUnfiltered = (scope: Scope, filters: TStatisticsQuery) =>
  scope.kind === 'merchant' &&
  !filters.organisation &&
  !filters.payment_product_type &&
  !filters.processor &&
  filters.blocked === undefined;

/**
 * Achievements: the last 7 days against the 7 before (portal.md §4); counts over every currency, the
 * amount in one. The 7 days before are read as the last 14 less the last 7: both ranges end now,
 * where nothing lies beyond, so only two partial days are read from the hours and payments (at 14
 * and 7 days ago) instead of three. A merchant's card without filters keeps one generic plan per
 * connection: its 30 scans are all by merchant and time, and planning them for each request cost
 * more than running them (docs/decisions.md, "The achievements card").
 */
export const achievements = async (db: Queryable, scope: Scope, query: TStatisticsQuery = {}, now = Date.now()) => {
  const last = { lower: now - 7 * DAY, upper: now };
  const fortnight = { lower: now - 14 * DAY, upper: now };
  // Per range: all transactions (every currency) and, of the same rows, the revenue in one currency;
  // new customers; refunds. In one statement.
  const filters = filtersOf(query);
  const everyCurrency = { processor: true, product: true, currency: false };
  const [transactions, customers, refunds, transactions14, customers14, refunds14] = await sumsOf(
    db,
    [last, fortnight].flatMap((range) => [
      {
        source: sumSource(filterConditions(scope, filters, everyCurrency), [...dimensionsOf(filters), 'status'], range),
        volumeOf: revenueRows(currencyOf(query)),
      },
      { source: customerSource(filterConditions(scope, filters, { currency: false }), range, zoneClock()) },
      { source: refundSource(filterConditions(scope, filters, { currency: false }), range, zoneClock()) },
    ]),
    oneMerchantUnfiltered(scope, filters) ? 'generic' : undefined,
  );
  return [
    { type: 'transaction' as const, last: transactions.count, previous: transactions14.count - transactions.count },
    { type: 'customer' as const, last: customers.count, previous: customers14.count - customers.count },
    { type: 'amount' as const, last: transactions.volume, previous: transactions14.volume - transactions.volume },
    { type: 'refund' as const, last: refunds.count, previous: refunds14.count - refunds.count },
  ];
};

export const recent = async (db: Queryable, scope: Scope, query: TStatisticsQuery = {}) =>
  (
    await recentActivity(
      db,
      filterConditions(scope, { organisation: query.organisation }, { currency: false }),
      query._limit ?? 10,
    )
  ).map((row) => ({
    id: row.id,
    type: row.type,
    status: row.status,
    amount: row.amount,
    payment_profile: { currency_code: row.currency_code },
    payment_product: row.payment_product,
    organisation: { id: row.organisation_id, name: row.organisation_name },
    transaction: row.transaction,
    created_at: new Date(row.created_at).toISOString(),
  }));

/** Revenue per processor over the last 24 hours and the 24 before. */
export const processorRevenue = async (db: Queryable, scope: Scope, query: TStatisticsQuery, now = Date.now()) => {
  const processors = await processorsOf(db, scope, query);
  const windows = [
    { lower: now - DAY, upper: now },
    { lower: now - 2 * DAY, upper: now - DAY - 1 },
  ];
  const [last, previous] = await Promise.all(
    windows.map((range) =>
      groupedBy(db, rangeSource(filterConditions(scope, revenue(filtersOf(query))), range), 'processor_id'),
    ),
  );
  const of = (rows: typeof last, id: string) => {
    const row = rows.find((r) => r.key === id);
    return { amount: row?.volume ?? 0, count: row?.count ?? 0 };
  };
  const until = new Date(now).toISOString();
  return processors.map((p) => ({
    ...p,
    // payments.md §3: the gateway's label (a direct connection, or the gateway it goes through) and the window's end.
    gatewayLabel: !p.gateway || p.gateway === 'direct' ? 'Direct' : p.gateway,
    until,
    last24hours: of(last, p.id),
    previous24hours: of(previous, p.id),
  }));
};

/** 2–3 processors side by side over the last 28 days: count per compare status, revenue, conversion. */
export const processorCompare = async (db: Queryable, scope: Scope, query: TStatisticsQuery, now = Date.now()) => {
  const ids = idsOf(query);
  if (!ids || ids.length < 1 || ids.length > 3) throw badRequest('querystring.ids', 'ids must name 1 to 3 processors');
  const processors = await processorsOf(db, scope, query);
  // An id that is not one of the caller's processors is not found, like an unknown one.
  if (processors.length < new Set(ids).size) throw notFoundAt('querystring.ids', 'Processor');
  const range = { lower: now - DEFAULT_RANGE_DAYS * DAY, upper: now };
  const currency = currencyOf(query);
  // Counts and conversion over every currency; the amount in one currency only.
  const rows = await processorCompareRows(
    db,
    filterConditions(scope, filtersOf(query), { processor: true, product: true, currency: false }),
    ids,
    range,
  );
  return processors.map((p) => {
    const mine = rows.filter((r) => r.processor_id === p.id);
    const count = mine.reduce((sum, r) => sum + r.count, 0);
    const good = mine.filter((r) => REVENUE_STATUSES.includes(r.status));
    const status = Object.fromEntries(
      COMPARE_STATUSES.map((s) => [s, mine.filter((r) => r.status === s).reduce((sum, r) => sum + r.count, 0)]),
    );
    return {
      id: p.id,
      name: p.name,
      transaction: {
        conversion: percentage(
          good.reduce((sum, r) => sum + r.count, 0),
          count,
        ),
        count,
        amount: good.filter((r) => r.currency_code === currency).reduce((sum, r) => sum + r.volume, 0),
        currency_code: currency,
        status,
      },
    };
  });
};

/** The provider's top merchants by revenue over the last 24 hours (active merchants only). */
export const topMerchants = async (db: Queryable, scope: Scope, query: TStatisticsQuery, now = Date.now()) => {
  const range = { lower: now - DAY, upper: now };
  const rows = await topMerchantRows(
    db,
    filterConditions(scope, revenue({ currency_code: query.currency_code })),
    range,
    query,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, last24hours: { amount: row.volume, count: row.count } }));
};

/** Best customers by what they paid: declined, abandoned and failed attempts are no volume (a status filter narrows further). */
export const best = async (db: Queryable, scope: Scope, query: TStatisticsQuery) => {
  const asked = [query.status ?? [], query['status[]'] ?? []].flat();
  const paid = asked.length ? REVENUE_STATUSES.filter((status) => asked.includes(status)) : REVENUE_STATUSES;
  const ids = await bestCustomerIds(
    db,
    scope,
    // A status filter outside what was paid leaves nothing to count (an impossible status, not every one).
    { ...query, status: undefined, 'status[]': paid.length ? paid : ['-'] },
    rangeOf(query),
    query._limit ?? 10,
    query._sort === '-count' ? 'count' : 'volume',
  );
  const rows = await customerDetails(db, ids);
  return rows.map((row) => ({
    customer: {
      id: row.id,
      name: [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email_address ?? row.id),
      city: row.city,
      region: row.region,
      country_code: row.country_code,
      status: row.status,
    },
    count: row.count,
    volume: row.volume,
  }));
};

export const segmentShares = async (db: Queryable, scope: Scope, query: TStatisticsQuery) => {
  const rows = await segments(db, filterConditions(scope, { organisation: query.organisation }, { currency: false }));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return rows.map((row) => ({ ...row, percentage: percentage(row.count, total) }));
};

/** The range of the same length that ends just before the asked one starts. */
export const previousRangeOf = (range: Range): Range => ({
  lower: range.lower - (range.upper - range.lower + 1),
  upper: range.lower - 1,
});

/** {entity}/aggregate/previous: the totals of the previous period of the same length (payments.md §7 "previous-period aggregate"). */
export const previousTotal = async (
  db: Queryable,
  entity: Entity,
  scope: Scope,
  query: TStatisticsQuery,
  zone = STATISTICS_TIME_ZONE,
) => {
  const range = previousRangeOf(rangeOf(query));
  const total = await totalOf(db, sourceOf(entity, scope, query, range, 'sums'), range, query.period ?? 'day', zone);
  return {
    ...total,
    currency_code: entity === 'customer' ? null : currencyOf(query),
    'created_at>': new Date(range.lower).toISOString(),
    'created_at<': new Date(range.upper).toISOString(),
  };
};

/** statistics/type: count and volume per local period and payment product type ("statistics by type and period"). */
export const typeStats = (db: Queryable, scope: Scope, query: TStatisticsQuery, zone = STATISTICS_TIME_ZONE) =>
  typePerPeriod(
    db,
    sourceOf('transaction', scope, query, rangeOf(query), zoneClock(zone), true, query.period === 'month'),
    query.period ?? 'day',
  );

/** statistics/dayofweek: every local ISO weekday with its count and volume in the range. */
export const dayOfWeek = async (db: Queryable, scope: Scope, query: TStatisticsQuery, zone = STATISTICS_TIME_ZONE) => {
  const rows = await perWeekday(db, sourceOf('transaction', scope, query, rangeOf(query), zoneClock(zone)));
  return [1, 2, 3, 4, 5, 6, 7].map((date) => rows.find((row) => row.date === date) ?? { date, count: 0, volume: 0 });
};

const outcomeOf = (status: string) =>
  (Object.entries(TRANSACTION_OUTCOMES) as [string, readonly string[]][]).find(([, statuses]) =>
    statuses.includes(status),
  )?.[0] ?? 'other';

/** statistics/outcome: transactions per outcome (approved, declined, failed, cancelled, open, chargeback, other). */
export const outcomes = async (db: Queryable, scope: Scope, query: TStatisticsQuery) => {
  const rows = await groupedBy(db, sourceOf('transaction', scope, query, rangeOf(query), 'sums', true), 'status');
  const count = rows.reduce((sum, row) => sum + row.count, 0);
  return [...Object.keys(TRANSACTION_OUTCOMES), 'other'].map((outcome) => {
    const mine = rows.filter((row) => outcomeOf(row.key ?? '') === outcome);
    const part = mine.reduce((sum, row) => sum + row.count, 0);
    return {
      outcome,
      count: part,
      volume: mine.reduce((sum, row) => sum + row.volume, 0),
      count_percentage: percentage(part, count),
    };
  });
};

/** statistics/scheme: transactions per card scheme ("payment schemes"); payments without a card as `other`. */
export const schemes = (db: Queryable, scope: Scope, query: TStatisticsQuery) =>
  bySchemes(db, filterConditions(scope, query), rangeOf(query));

/**
 * statistics/platform, browser, issuer and issuer/country (payments §7): transactions per value of
 * what the payment recorded, with each value's share of the count; `null` for payments where it is
 * unknown (no hosted page, a card outside the BIN table, no card).
 */
export const clientStats = async (db: Queryable, kind: ClientKind, scope: Scope, query: TStatisticsQuery) => {
  const rows = await byClient(db, kind, filterConditions(scope, query), rangeOf(query));
  const count = rows.reduce((sum, row) => sum + row.count, 0);
  return rows.map((row) => ({
    value: row.value === '' ? null : row.value,
    count: row.count,
    volume: row.volume,
    count_percentage: percentage(row.count, count),
  }));
};
