import { sql, type Sql } from '../../plugins/db/index.ts';
import { pyramid, type Level, type Sign } from './pyramid.sql.ts';
import { levelOf, type Range } from './statistics.repository.ts';
import type { ZoneClock } from '../../lib/zone-clock.ts';

const HOUR = 3_600_000;

const where = (conditions: Sql[]): Sql => (conditions.length ? sql`where ${sql.join(conditions, ' and ')}` : sql.empty);

const EDGE_LEVELS: Level[] = [levelOf('day'), levelOf('hour')];
const MONTHLY = sql.raw(levelOf('month').table);

const COLUMNS = sql`e.merchant_id, e.status, nullif(e.processor_id, '') as processor_id, e.payment_product_type, e.currency_code`;
const ROW_COLUMNS = sql`e.merchant_id, e.status, e.processor_id, e.payment_product_type, e.currency_code`;

const utcMonthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextUtcMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
/** 'YYYY-MM' of the month after. */
const nextMonth = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 7);

/** A part's sign within a piece that is itself added or subtracted. */
const times = (outer: Sign, inner: Sign): Sign => (outer === inner ? '' : '-');

// Only live statistics read this source (the rollups hold live rows only); test mode reads its rows.
const LIVE_ROWS = sql`e.mode = 'live'`;

/**
 * Transactions in a range as `transactionSource` answers them (local, dimensions, count, volume),
 * for sums per LOCAL MONTH only (`local` is then some instant of the right local month), in any
 * time zone, mostly from whole UTC months: a local month differs from the UTC month of the same
 * name by the few hours between the two midnights. So the whole UTC months of the range come from
 * transaction_monthly, labelled with their own month; the hours where the local month is not the
 * UTC one are moved (added under the local month, subtracted under the UTC one; whole hours from
 * transaction_hourly, the rest from the rows); the partial months at either end come from the UTC
 * days, hours and rows (pyramid.ts) labelled with their local month. A year reads 11 or 12
 * monthly rows per combination instead of 365 local days.
 */
export const localMonthSource = (conditions: Sql[], range: Range, clock: ZoneClock): Sql => {
  const parts: Sql[] = [];
  const labelled = (label: string, sign: Sign, piece: Range, levels: Level[]) =>
    pyramid(
      levels,
      (level, time, inner) =>
        sql`select ${label}::timestamp as local, ${COLUMNS}, ${sql.raw(times(sign, inner))}e.count as count, ${sql.raw(times(sign, inner))}e.volume as volume
          from ${sql.raw(level.table)} e ${where([...conditions, time])}`,
      (rows, inner) =>
        sql`select ${label}::timestamp as local, ${ROW_COLUMNS}, ${sql.raw(times(sign, inner))}1 as count, ${sql.raw(times(sign, inner))}e.amount as volume
          from transaction e ${where([LIVE_ROWS, ...conditions, sql`e.created_at >= ${new Date(rows.lower)}`, sql`e.created_at <= ${new Date(rows.upper)}`])}`,
      piece,
    );
  /** Local months of [from, to) (ms), each piece labelled with its month, from days, hours and rows; `-` subtracts them. */
  const byLocalMonth = (from: number, to: number, sign: Sign = '') => {
    for (let month = clock.localDate(from).slice(0, 7); from < to; month = nextMonth(month)) {
      const end = Math.min(to, clock.localMidnight(`${nextMonth(month)}-01`));
      if (from < end) parts.push(labelled(`${month}-01`, sign, { lower: from, upper: end - 1 }, EDGE_LEVELS));
      from = Math.max(from, end);
    }
  };
  const after = range.upper + 1;
  if (nextUtcMonth(range.lower) >= utcMonthStart(after) && after - range.lower < 20 * 86_400_000) {
    // Under 20 days in at most two months: days and hours.
    byLocalMonth(range.lower, after);
    return sql`(${sql.join(parts, ' union all ')})`;
  }
  // Each end of the range: the partial month added (from days, hours, rows) or, when shorter, the
  // whole month taken and the part outside the range subtracted.
  const down = utcMonthStart(range.lower);
  const first = range.lower - down <= nextUtcMonth(range.lower) - range.lower ? down : nextUtcMonth(range.lower);
  const up = utcMonthStart(after);
  const end = up === after || after - up <= nextUtcMonth(after) - after ? up : nextUtcMonth(after);
  if (first < range.lower) byLocalMonth(first, range.lower, '-');
  else if (range.lower < first) byLocalMonth(range.lower, first);
  if (after < end) byLocalMonth(after, end, '-');
  else if (end < after) byLocalMonth(end, after);
  parts.push(sql`select e.month::timestamp as local, ${COLUMNS}, e.count, e.volume
    from ${MONTHLY} e ${where([...conditions, sql`e.month >= ${new Date(first).toISOString().slice(0, 10)}::date`, sql`e.month < ${new Date(end).toISOString().slice(0, 10)}::date`])}`);
  // The time between each UTC month start and its local month's midnight, inside [first, end).
  const hours: string[] = [];
  for (let boundary = first; boundary <= end; boundary = nextUtcMonth(boundary)) {
    const midnight = clock.localMidnight(new Date(boundary).toISOString().slice(0, 10));
    const lower = Math.max(first, Math.min(boundary, midnight));
    const upper = Math.min(end, Math.max(boundary, midnight));
    if (lower >= upper) continue;
    const firstHour = Math.ceil(lower / HOUR) * HOUR;
    const endHour = Math.floor(upper / HOUR) * HOUR;
    for (let hour = firstHour; hour < endHour; hour += HOUR) hours.push(new Date(hour).toISOString());
    // Half- and quarter-hour zones: the parts of an hour, from the rows.
    const local = `${clock.localDate(lower).slice(0, 7)}-01`;
    const utc = new Date(utcMonthStart(lower)).toISOString().slice(0, 10);
    const pieces =
      firstHour < endHour
        ? [
            [lower, firstHour],
            [endHour, upper],
          ]
        : [[lower, upper]];
    for (const [from, to] of pieces) {
      if (from >= to) continue;
      parts.push(labelled(local, '', { lower: from, upper: to - 1 }, []));
      parts.push(labelled(utc, '-', { lower: from, upper: to - 1 }, []));
    }
  }
  if (hours.length) {
    const moved = [...conditions, sql`e.hour = any(${hours}::timestamptz[])`];
    parts.push(
      sql`select e.hour at time zone ${clock.zone} as local, ${COLUMNS}, e.count, e.volume from transaction_hourly e ${where(moved)}`,
    );
    parts.push(
      sql`select e.hour at time zone 'UTC' as local, ${COLUMNS}, -e.count as count, -e.volume as volume from transaction_hourly e ${where(moved)}`,
    );
  }
  return sql`(${sql.join(parts, ' union all ')})`;
};
