import { STATISTICS_TIME_ZONE } from '@kassa/domain';

/**
 * The statistics rollups of payments (and, in `OTHER_ROLLUPS`, of customers and refunds), declared once. Each is a table of live payments counted
 * per group: its time bucket, its dimensions and its measures. Statement-level triggers on
 * `transaction` keep them (their SQL is generated from this by `rollup-sql.ts`, migration 0154);
 * the statistics service can read here which rollup answers a question.
 *
 * Changing a rollup: edit it here, then regenerate its functions into a NEW migration
 * (`npm run rollups:sql -- NNNN_name`); the committed migrations are never rewritten, and
 * `rollup-sql.test.ts` holds the latest generated migration to this declaration.
 */

/** A column's value: a SQL expression over one `transaction` row. */
export type Expression = string;

/** A time bucket of `created_at`: the UTC one or the statistics' local zone. */
export type TimeBucket = { column: string; unit: 'day' | 'hour' | 'month'; zone: 'UTC' | typeof STATISTICS_TIME_ZONE };

/**
 * `count`: rows; `sum`: the sum of a column; `latest`: the newest value of a column ever counted
 * into the group (kept with `greatest`, never lowered when a row leaves).
 */
export type Measure = { kind: 'count' } | { kind: 'sum'; of: string } | { kind: 'latest'; of: string };

export type Rollup = {
  table: string;
  /** The table whose rows it counts: payments (`transaction`) unless named. */
  source?: 'customer' | 'refund';
  /** The trigger function that keeps it (several tables may share one). */
  apply: string;
  /** None: totals over all time. */
  time?: TimeBucket;
  /** Column → expression, besides `merchant_id` (every rollup's first column) and the time bucket. */
  dimensions: Record<string, Expression>;
  /** One row counted once per entry: `kind` column holds the entry's name, `value` its expression (null as ''). */
  fanOut?: { kind: string; value: string; of: Record<string, Expression> };
  measures: Record<string, Measure>;
  /** Which live payments count, beyond `mode = 'live'`. */
  rows?: Expression;
  /** The unique key, when not every dimension is in it (a dimension that depends on the key). */
  key?: string[];
};

const LOCAL = STATISTICS_TIME_ZONE;
const COUNT_AND_VOLUME: Record<string, Measure> = { count: { kind: 'count' }, volume: { kind: 'sum', of: 'amount' } };
/** Statuses in which a payment counts as revenue. */
const TAKEN = `status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')`;

const TOTALS = { organisation_id: 'organisation_id', currency_code: 'currency_code', blocked: 'blocked' };
const PAYMENT = {
  organisation_id: 'organisation_id',
  status: 'status',
  payment_product_type: 'payment_product_type',
  currency_code: 'currency_code',
  processor_id: `coalesce(processor_id, '')`,
  blocked: 'blocked',
};
const COUNTRY = { ...PAYMENT, country_code: `coalesce(country_code, '')` };
const CARD_COUNTRY = { ...COUNTRY, card_brand: `coalesce(card_brand, '')` };
const CLIENT = {
  kind: 'kind',
  value: 'value',
  of: { platform: 'platform', browser: 'browser', issuer: 'issuer', issuer_country: 'issuer_country' },
};

const payments = (
  table: string,
  time: TimeBucket | undefined,
  dimensions: Record<string, Expression>,
  extra: Partial<Rollup> = {},
): Rollup => ({
  table,
  apply: `${table}_apply`,
  time,
  dimensions,
  measures: COUNT_AND_VOLUME,
  ...extra,
});

const utc = (unit: TimeBucket['unit']): TimeBucket => ({ column: unit, unit, zone: 'UTC' });
const local = (unit: TimeBucket['unit']): TimeBucket => ({ column: unit, unit, zone: LOCAL });

export const ROLLUPS: Rollup[] = [
  payments('transaction_daily', utc('day'), { ...PAYMENT, tagged: `tags <> '{}'` }),
  payments('transaction_hourly', utc('hour'), PAYMENT),
  payments('transaction_monthly', utc('month'), PAYMENT),
  payments('transaction_local_daily', local('day'), PAYMENT),
  payments('transaction_country_daily', utc('day'), CARD_COUNTRY),
  payments('transaction_country_hourly', utc('hour'), COUNTRY),
  payments('transaction_country_monthly', utc('month'), CARD_COUNTRY),
  payments('transaction_local_daily_totals', local('day'), TOTALS),
  // By status without product and processor: a quarter of transaction_local_daily's rows, for what
  // the screens filter by (the revenue overview's and the weekly statistics' statuses).
  payments('transaction_local_daily_status', local('day'), { ...TOTALS, status: 'status' }),
  payments('transaction_hourly_totals', utc('hour'), TOTALS),
  // The same by the hour: the partial days at a range's ends when only statuses are asked (the
  // dashboard's achievements), a quarter of transaction_hourly's rows.
  payments('transaction_hourly_status', utc('hour'), { ...TOTALS, status: 'status' }),
  payments('transaction_local_cells_monthly', local('month'), {
    ...TOTALS,
    isodow: `extract(isodow from created_at at time zone '${LOCAL}')::smallint`,
    local_hour: `extract(hour from created_at at time zone '${LOCAL}')::smallint`,
  }),
  payments('transaction_client_daily', utc('day'), PAYMENT, { apply: 'transaction_client_apply', fanOut: CLIENT }),
  payments('transaction_client_monthly', utc('month'), PAYMENT, { apply: 'transaction_client_apply', fanOut: CLIENT }),
  payments(
    'customer_monthly',
    utc('month'),
    { customer_id: 'customer_id', currency_code: 'currency_code' },
    {
      rows: `customer_id is not null and ${TAKEN}`,
      measures: { ...COUNT_AND_VOLUME, last_at: { kind: 'latest', of: 'created_at' } },
      key: ['customer_id', 'month', 'currency_code'],
    },
  ),
  payments(
    'customer_totals',
    undefined,
    { customer_id: 'customer_id', currency_code: 'currency_code' },
    { rows: 'customer_id is not null' },
  ),
  payments(
    'merchant_revenue_daily',
    utc('day'),
    { currency_code: 'currency_code' },
    { rows: `${TAKEN} and not blocked` },
  ),
];

/**
 * Rollups of the other tables a statistic or a count reads: the hours at the edges of a range (the
 * achievements' two weeks end at any instant; whole local days come from `customer_local_daily`
 * and `refund_local_daily`, migration 0071) and the customers list's days. Their triggers and their
 * rebuild are generated with the payments' (rollup-sql.ts); `rollupFor` never answers them.
 */
export const OTHER_ROLLUPS: Rollup[] = [
  {
    table: 'customer_hourly',
    source: 'customer',
    apply: 'customer_hourly_apply',
    time: utc('hour'),
    dimensions: { organisation_id: 'organisation_id', status: 'status' },
    measures: { count: { kind: 'count' } },
    rows: `merchant_id <> ''`,
  },
  {
    // What the customers list counts (0158): a merchant's live customers per UTC day.
    table: 'customer_daily',
    source: 'customer',
    apply: 'customer_daily_apply',
    time: utc('day'),
    dimensions: { organisation_id: 'organisation_id' },
    measures: { count: { kind: 'count' } },
    rows: `merchant_id <> ''`,
  },
  {
    table: 'refund_hourly',
    source: 'refund',
    apply: 'refund_hourly_apply',
    time: utc('hour'),
    dimensions: { organisation_id: 'organisation_id', status: 'status', currency_code: 'currency_code' },
    measures: COUNT_AND_VOLUME,
    rows: `merchant_id <> ''`,
  },
];

/** The SQL expression of a time bucket. */
export const timeExpression = ({ unit, zone }: TimeBucket): Expression => {
  if (unit === 'day') return `(created_at at time zone '${zone}')::date`;
  if (unit === 'month') return `date_trunc('month', created_at at time zone '${zone}')::date`;
  return `date_trunc('hour', created_at at time zone '${zone}') at time zone '${zone}'`;
};

/**
 * The rollup that answers a read of every live payment by `unit` in `zone` with `dimensions`:
 * the one with the fewest dimensions that has them all (a rollup that filters its rows or counts a
 * payment more than once answers no such read); undefined when none does.
 */
export const rollupFor = (unit: TimeBucket['unit'], zone: TimeBucket['zone'], dimensions: readonly string[]) =>
  ROLLUPS.filter(
    (r) =>
      !r.rows &&
      !r.fanOut &&
      r.time?.unit === unit &&
      r.time.zone === zone &&
      dimensions.every((column) => column in r.dimensions),
  ).sort((a, b) => Object.keys(a.dimensions).length - Object.keys(b.dimensions).length)[0];
