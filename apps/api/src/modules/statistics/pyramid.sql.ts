import { sql, type Sql } from '../../plugins/db/index.ts';

/** A time range: lower and upper are inclusive instants (ms). */
export type Range = { lower: number; upper: number };

/** A rollup of one time unit: its table and time column (a UTC date for months and days, a timestamptz for hours). */
export type Level = { unit: 'month' | 'day' | 'hour'; table: string; column: string };

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The first unit boundary at or after `ms`, and the boundary after that one. */
const ceilTo = (unit: Level['unit'], ms: number) => {
  if (unit === 'hour') return Math.ceil(ms / HOUR) * HOUR;
  if (unit === 'day') return Math.ceil(ms / DAY) * DAY;
  const d = new Date(ms);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  return start === ms ? ms : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
const floorTo = (unit: Level['unit'], ms: number) => {
  if (unit === 'hour') return Math.floor(ms / HOUR) * HOUR;
  if (unit === 'day') return Math.floor(ms / DAY) * DAY;
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const bound = (unit: Level['unit'], ms: number): Sql =>
  unit === 'hour' ? sql`${new Date(ms)}::timestamptz` : sql`${new Date(ms).toISOString().slice(0, 10)}::date`;

/**
 * An exact source for sums over a range that do not depend on a time zone: the whole UTC months
 * of the range from the monthly rollup, the whole days left at either end from the daily one, the
 * whole hours left from the hourly one and the rest from the rows. A year reads 11 or 12 months,
 * up to about 60 days and 46 hours per combination of dimensions instead of 8,760 hours.
 * `select(level)` answers one level's rows for [from, to) (ms); `rows(range)` the rows of an inclusive range.
 */
export const pyramid = (
  levels: Level[],
  select: (level: Level, time: Sql) => Sql,
  rows: (range: Range) => Sql,
  range: Range,
): Sql => {
  const parts: Sql[] = [];
  const cover = (lower: number, upper: number, index: number) => {
    if (lower > upper) return;
    const level = levels[index];
    if (!level) {
      parts.push(rows({ lower, upper }));
      return;
    }
    const first = ceilTo(level.unit, lower);
    const end = floorTo(level.unit, upper + 1);
    if (first >= end) return cover(lower, upper, index + 1);
    const column = sql.raw(`e.${level.column}`);
    parts.push(select(level, sql`${column} >= ${bound(level.unit, first)} and ${column} < ${bound(level.unit, end)}`));
    cover(lower, first - 1, index + 1);
    cover(end, upper, index + 1);
  };
  cover(range.lower, range.upper, 0);
  return sql`(${sql.join(parts, ' union all ')})`;
};
