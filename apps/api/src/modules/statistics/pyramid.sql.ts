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

/** Units of time as their boundaries: `floor(ms)` starts the unit holding `ms`, `ceil(ms)` is the first boundary at or after it. */
export type Units = { floor: (ms: number) => number; ceil: (ms: number) => number };

const utcUnits = (unit: Level['unit']): Units => ({ floor: (ms) => floorTo(unit, ms), ceil: (ms) => ceilTo(unit, ms) });

/**
 * How to read [lower, upper] in whole units: the whole units [from, to) and the pieces left at
 * either end, each added ('') or subtracted ('-'). A partial unit at an end is read whichever way
 * is shorter: its part inside the range, or the whole unit less its part outside the range. Time
 * after `present` counts as nothing to read (no payment is there yet): a range up to now reads
 * this unit whole, less the time still to come, however little of the unit has passed. Null when
 * no whole unit is worth reading.
 */
export const splitEnds = (
  units: Units,
  lower: number,
  upper: number,
  present = Date.now(),
): { from: number; to: number; pieces: { range: Range; sign: Sign }[] } | null => {
  const first = units.ceil(lower);
  const end = units.floor(upper + 1);
  const before = units.floor(lower);
  const after = units.ceil(upper + 1);
  /** The time in [from, to) there may be rows for. */
  const span = (from: number, to: number) => Math.max(0, Math.min(to, present) - Math.min(from, present));
  const pieces: { range: Range; sign: Sign }[] = [];
  const piece = (from: number, to: number, sign: Sign) => {
    if (from <= to) pieces.push({ range: { lower: from, upper: to }, sign });
  };
  if (first >= end) {
    // Inside one unit: the unit less what lies outside the range, when that is shorter.
    const oneUnit = before === units.floor(upper);
    if (!oneUnit || span(before, lower) + span(upper + 1, after) >= span(lower, upper + 1)) return null;
    piece(before, lower - 1, '-');
    piece(upper + 1, after - 1, '-');
    return { from: before, to: after, pieces };
  }
  const wholeBefore = lower < first && span(before, lower) < span(lower, first);
  const wholeAfter = end <= upper && span(upper + 1, after) < span(end, upper + 1);
  if (wholeBefore) piece(before, lower - 1, '-');
  else piece(lower, first - 1, '');
  if (wholeAfter) piece(upper + 1, after - 1, '-');
  else piece(end, upper, '');
  return { from: wholeBefore ? before : first, to: wholeAfter ? after : end, pieces };
};

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
    const split = splitEnds(utcUnits(level.unit), lower, upper);
    if (!split) return cover(lower, upper, index + 1, sign);
    whole(level, split.from, split.to, sign);
    for (const piece of split.pieces)
      cover(piece.range.lower, piece.range.upper, index + 1, piece.sign === '-' ? flipped(sign) : sign);
  };
  cover(range.lower, range.upper, 0, sign);
  return sql`(${sql.join(parts, ' union all ')})`;
};
