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

/** A part's sign: '' adds its rows, '-' subtracts them (`${sign}e.count as count`). */
export type Sign = '' | '-';
const flipped = (sign: Sign): Sign => (sign === '' ? '-' : '');

/**
 * An exact source for sums over a range that do not depend on a time zone: the whole UTC months
 * of the range from the monthly rollup, the whole days left at either end from the daily one, the
 * whole hours left from the hourly one and the rest from the rows. A partial unit at either end is
 * read whichever way reads less: its part inside the range from the finer levels, or the whole
 * unit with its part outside the range subtracted (`sign` '-'). A range up to now thus reads this
 * month from the monthly rollup less the days, hours and rows still to come (none), instead of
 * every day of the month so far; a year reads 12 or 13 months, a few days and hours per combination
 * of dimensions instead of 8,760 hours. `select(level, time, sign)` answers one level's rows for
 * [from, to) (ms); `rows(range, sign)` the rows of an inclusive range; each with its count and
 * volume signed (`sign`), so sums over the parts are exact. `sign` '-' subtracts the whole range.
 */
export const pyramid = (
  levels: Level[],
  select: (level: Level, time: Sql, sign: Sign) => Sql,
  rows: (range: Range, sign: Sign) => Sql,
  range: Range,
  sign: Sign = '',
): Sql => {
  const parts: Sql[] = [];
  const whole = (level: Level, from: number, to: number, sign: Sign) => {
    const column = sql.raw(`e.${level.column}`);
    parts.push(
      select(level, sql`${column} >= ${bound(level.unit, from)} and ${column} < ${bound(level.unit, to)}`, sign),
    );
  };
  const cover = (lower: number, upper: number, index: number, sign: Sign): void => {
    if (lower > upper) return;
    const level = levels[index];
    if (!level) {
      parts.push(rows({ lower, upper }, sign));
      return;
    }
    const finer = (from: number, to: number, signed: Sign) => cover(from, to, index + 1, signed);
    const first = ceilTo(level.unit, lower);
    const end = floorTo(level.unit, upper + 1);
    const before = floorTo(level.unit, lower);
    const after = ceilTo(level.unit, upper + 1);
    if (first >= end) {
      // Inside one unit: the unit less what lies outside the range when that is shorter.
      if (before === floorTo(level.unit, upper) && lower - before + (after - 1 - upper) < upper + 1 - lower) {
        whole(level, before, after, sign);
        finer(before, lower - 1, flipped(sign));
        finer(upper + 1, after - 1, flipped(sign));
      } else finer(lower, upper, sign);
      return;
    }
    // Each partial unit at an end: its part in the range from the finer levels, or (when shorter)
    // the whole unit with its part outside the range subtracted.
    const wholeBefore = lower < first && lower - before < first - lower;
    const wholeAfter = end <= upper && after - 1 - upper < upper + 1 - end;
    whole(level, wholeBefore ? before : first, wholeAfter ? after : end, sign);
    if (wholeBefore) finer(before, lower - 1, flipped(sign));
    else finer(lower, first - 1, sign);
    if (wholeAfter) finer(upper + 1, after - 1, flipped(sign));
    else finer(end, upper, sign);
  };
  cover(range.lower, range.upper, 0, sign);
  return sql`(${sql.join(parts, ' union all ')})`;
};
