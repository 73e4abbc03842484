import type { TCombinedSettlement, TPeriodFigures } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { liveRollupCondition, scopeCondition } from '../../query/where.ts';
import { CAPTURED_STATUSES } from './settlement.repository.ts';

/** A range of whole UTC days, both inclusive (`YYYY-MM-DD`). */
export type DayRange = { from: string; to: string };
/** How rows are grouped: by UTC day or month (or not at all), by merchant, by payment product. */
export type Grouping = { period: 'day' | 'month' | null; merchant: boolean; product: boolean };

const and = (conditions: (Sql | null)[]) =>
  sql.join(
    conditions.filter((c): c is Sql => c !== null),
    ' and ',
  );

/** The actor's tenancy, and the subtree of `organisation` when one is asked for. */
const tenancy = (scope: Scope, organisation: string | undefined): (Sql | null)[] => [
  scopeCondition(scope, 'merchant'),
  // Finance figures are live (what is settled and paid out): test mode has none.
  liveRollupCondition(scope),
  organisation
    ? sql`e.organisation_id in (select o.id from organisation o where o.path like (select p.path || '%' from organisation p where p.id = ${organisation}))`
    : null,
];

const periodOf = (grouping: Grouping, day: Sql): Sql =>
  grouping.period === 'month'
    ? sql`to_char(${day}, 'YYYY-MM')`
    : grouping.period === 'day'
      ? sql`to_char(${day}, 'YYYY-MM-DD')`
      : sql`''`;

export type FiguresRow = TPeriodFigures & {
  period: string;
  merchant_id: string;
  merchant_name: string;
  currency_code: string;
  payment_product: string;
};

/**
 * Processed figures of a range: attempts and captured payments from the UTC-day rollup
 * (transaction_daily), processed refunds and lost chargebacks from their rows through the
 * created_at (refunds) and lost-on (chargebacks) indexes (a range holds few of them). Refunds and
 * chargebacks count on the day they happened, in the currency and payment product of their transaction.
 */
export const periodFigures = (
  db: Queryable,
  scope: Scope,
  range: DayRange,
  grouping: Grouping,
  organisation?: string,
) => {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000);
  // A lost chargeback counts on the day it was lost (as settlement deducts it), older rows on the day they opened.
  const happened = (table: 'refund' | 'chargeback') =>
    table === 'chargeback' ? sql`coalesce(e.resolved_at, e.created_at)` : sql`e.created_at`;
  const product = (column: Sql) => (grouping.product ? column : sql`''`);
  const moneyRows = (table: 'refund' | 'chargeback', status: string, kind: 'refund' | 'chargeback') =>
    sql`select ${periodOf(grouping, sql`(${happened(table)} at time zone 'UTC')::date`)} as period, e.merchant_id, e.currency_code, ${product(sql`t.payment_product_type`)} as payment_product,
        0 as count, 0 as captured_count, 0 as captured_volume,
        ${kind === 'refund' ? sql`1` : sql`0`} as refund_count, ${kind === 'refund' ? sql`e.amount` : sql`0`} as refund_volume,
        ${kind === 'chargeback' ? sql`1` : sql`0`} as chargeback_count, ${kind === 'chargeback' ? sql`e.amount` : sql`0`} as chargeback_volume
      from ${sql.raw(table)} e ${grouping.product ? sql`join transaction t on t.id = e.transaction_id` : sql.empty}
      where ${and([sql`e.status = ${status}`, sql`e.mode = 'live'`, sql`${happened(table)} >= ${start}`, sql`${happened(table)} < ${end}`, ...tenancy(scope, organisation)])}`;
  return db.query<FiguresRow>(sql`
    with s as (
      select ${periodOf(grouping, sql`e.day`)} as period, e.merchant_id, e.currency_code, ${product(sql`e.payment_product_type`)} as payment_product,
        e.count, case when e.status = any(${[...CAPTURED_STATUSES]}) then e.count else 0 end as captured_count,
        case when e.status = any(${[...CAPTURED_STATUSES]}) then e.volume else 0 end as captured_volume,
        0 as refund_count, 0 as refund_volume, 0 as chargeback_count, 0 as chargeback_volume
      from transaction_daily e
      where ${and([sql`e.day between ${range.from}::date and ${range.to}::date`, ...tenancy(scope, organisation)])}
      union all ${moneyRows('refund', 'PROCESSED', 'refund')}
      union all ${moneyRows('chargeback', 'LOST', 'chargeback')})
    select s.period, ${grouping.merchant ? sql`s.merchant_id, m.name` : sql`'' as merchant_id, ''`} as merchant_name, s.currency_code, s.payment_product,
      sum(s.count)::bigint as count, sum(s.captured_count)::bigint as captured_count, sum(s.captured_volume)::numeric as captured_volume,
      sum(s.refund_count)::bigint as refund_count, sum(s.refund_volume)::numeric as refund_volume,
      sum(s.chargeback_count)::bigint as chargeback_count, sum(s.chargeback_volume)::numeric as chargeback_volume
    from s ${grouping.merchant ? sql`join organisation m on m.id = s.merchant_id` : sql.empty}
    group by s.period, ${grouping.merchant ? sql`s.merchant_id, m.name` : sql`1`}, s.currency_code, s.payment_product
    having sum(s.count) <> 0 or sum(s.refund_count) <> 0 or sum(s.chargeback_count) <> 0
    order by s.period desc, ${grouping.merchant ? sql`m.name, s.merchant_id` : sql`1`}, s.currency_code, s.payment_product`);
};

/** Engine settlements whose period starts in the range, per currency, with what of them was paid out. */
export const settlementFigures = (db: Queryable, scope: Scope, range: DayRange, organisation?: string) =>
  db.query<TCombinedSettlement & { currency_code: string }>(sql`
    select e.currency_code, count(*)::bigint as count, coalesce(sum(e.transaction_count), 0)::bigint as transaction_count,
      coalesce(sum(e.gross), 0)::bigint as gross, coalesce(sum(e.refunded), 0)::bigint as refunded, coalesce(sum(e.chargebacks), 0)::bigint as chargebacks,
      coalesce(sum(e.fee), 0)::bigint as fee, coalesce(sum(e.reserve - e.reserve_released), 0)::bigint as reserve, coalesce(sum(e.one_offs), 0)::bigint as one_offs,
      coalesce(sum(e.amount), 0)::bigint as amount, coalesce(sum(p.amount) filter (where p.status = 'PAID'), 0)::bigint as paid_out
    from settlement e left join payout p on p.settlement_id = e.id
    where ${and([sql`e.settlement_profile_id is not null`, sql`e.period_start >= ${new Date(`${range.from}T00:00:00Z`)}`, sql`e.period_start < ${new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000)}`, ...tenancy(scope, organisation)])}
    group by e.currency_code order by e.currency_code`);
