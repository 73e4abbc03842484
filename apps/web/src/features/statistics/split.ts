import type { TDailyAggregate } from '@kassa/domain';

export type SplitHalf = { days: TDailyAggregate[]; amount: number; count: number };

/**
 * The 56-day split (portal.md §9: a 57-day window, the last 28 days against the 28 before): the
 * window is today and the 56 local days before it; today is still running, so the halves are
 * whole days: the 28 ending yesterday against the 28 before those (docs/decisions.md).
 */
export const splitDays = (
  days: TDailyAggregate[],
  today: string,
): { last: SplitHalf; previous: SplitHalf; change: number | null } => {
  const whole = days.filter((day) => day.date < today).slice(-56);
  const half = (list: TDailyAggregate[]): SplitHalf => ({
    days: list,
    amount: list.reduce((s, d) => s + d.amount, 0),
    count: list.reduce((s, d) => s + d.count, 0),
  });
  const previous = half(whole.slice(0, Math.max(0, whole.length - 28)));
  const last = half(whole.slice(-28));
  return {
    last,
    previous,
    change: previous.amount === 0 ? null : ((last.amount - previous.amount) / previous.amount) * 100,
  };
};

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export const zonedDate = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone }).format(new Date(instant));

/** The instant a calendar date starts in a time zone (midnight there, across daylight-saving changes). */
export const zonedMidnight = (date: string, timeZone: string): number => {
  const offset = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - ms;
  };
  const utc = Date.parse(`${date}T00:00:00Z`);
  return utc - offset(utc - offset(utc));
};

/** The date `days` before a calendar date. */
export const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
