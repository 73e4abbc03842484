import type { SettlementInterval } from '@kassa/domain';

const DAY = 86_400_000;

export type Period = { start: Date; end: Date };

/** The start (UTC) of the period of this interval that contains `at`: midnight, Monday midnight, or the 1st of the month. */
export const periodStartOf = (interval: SettlementInterval, at: Date): Date => {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (interval === 'daily') return day;
  if (interval === 'weekly') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
};

/** The period after the one starting at `start`. */
export const periodEndOf = (interval: SettlementInterval, start: Date): Date => {
  if (interval === 'daily') return new Date(start.getTime() + DAY);
  if (interval === 'weekly') return new Date(start.getTime() + 7 * DAY);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
};

/** The closed periods from the one containing `from` up to `until` (a period is closed when its end has passed), at most `limit`. */
export const closedPeriods = (interval: SettlementInterval, from: Date, until: Date, limit: number): Period[] => {
  const periods: Period[] = [];
  let start = periodStartOf(interval, from);
  while (periods.length < limit) {
    const end = periodEndOf(interval, start);
    if (end.getTime() > until.getTime()) break;
    periods.push({ start, end });
    start = end;
  }
  return periods;
};

/** The calendar day `days` after `at` (the payout date), as YYYY-MM-DD. */
export const dayAfter = (at: Date, days: number): string =>
  new Date(at.getTime() + days * DAY).toISOString().slice(0, 10);
