import { sql, type Sql } from '../../plugins/db/index.ts';
import type { Range } from './statistics.repository.ts';
import type { ZoneClock } from './zone.ts';

const HOUR = 3_600_000;

const where = (conditions: Sql[]): Sql => (conditions.length ? sql`where ${sql.join(conditions, ' and ')}` : sql.empty);

const dimensions = (narrow: boolean) =>
  narrow
    ? sql`null::text as status, null::text as processor_id, null::text as payment_product_type`
    : sql`e.status, nullif(e.processor_id, '') as processor_id, e.payment_product_type`;

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Transactions in a range for sums per local DAY (days, weeks, months, weekdays; not hours) in a
 * zone whose midnights are not whole UTC hours (Asia/Kolkata, Australia/Lord_Howe): every whole
 * UTC hour lies in one local day, except the one hour a day that holds a local midnight. So whole
 * hours come from the hourly rollup (labelled with their start's local time, which is in their
 * day), the hours that hold a local midnight and the partial hours at the ends of the range from
 * the rows: about one hour of rows a day instead of all of them.
 */
export const offHourDaySource = (conditions: Sql[], range: Range, clock: ZoneClock, narrow = false): Sql => {
  const rows = (extra: Sql[], from: Sql = sql.empty) =>
    sql`select e.created_at at time zone ${clock.zone} as local, e.merchant_id, e.status, e.processor_id, e.payment_product_type, e.currency_code, 1 as count, e.amount as volume
      from ${from}transaction e ${where([...conditions, ...extra, sql`e.created_at >= ${new Date(range.lower)}`, sql`e.created_at <= ${new Date(range.upper)}`])}`;
  const firstHour = Math.ceil(range.lower / HOUR) * HOUR;
  const endHour = Math.floor((range.upper + 1) / HOUR) * HOUR;
  if (firstHour >= endHour) return rows([]);
  const split: string[] = [];
  for (let date = clock.localDate(firstHour); ; date = nextDate(date)) {
    const midnight = clock.localMidnight(date);
    if (midnight >= endHour) break;
    const hour = Math.floor(midnight / HOUR) * HOUR;
    if (midnight % HOUR !== 0 && hour >= firstHour) split.push(new Date(hour).toISOString());
  }
  const parts = [
    sql`select e.hour at time zone ${clock.zone} as local, e.merchant_id, ${dimensions(narrow)}, e.currency_code, e.count, e.volume
      from ${sql.raw(narrow ? 'transaction_hourly_totals' : 'transaction_hourly')} e ${where([...conditions, sql`e.hour >= ${new Date(firstHour)}`, sql`e.hour < ${new Date(endHour)}`, sql`e.hour <> all(${split}::timestamptz[])`])}`,
  ];
  if (split.length)
    parts.push(
      rows(
        [sql`e.created_at >= h.start`, sql`e.created_at < h.start + interval '1 hour'`],
        sql`unnest(${split}::timestamptz[]) h(start) cross join `,
      ),
    );
  if (range.lower < firstHour) parts.push(rows([sql`e.created_at < ${new Date(firstHour)}`]));
  if (endHour <= range.upper) parts.push(rows([sql`e.created_at >= ${new Date(endHour)}`]));
  return sql`(${sql.join(parts, ' union all ')})`;
};
