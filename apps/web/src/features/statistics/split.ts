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

/** The date `days` after a calendar date. */
const daysAfter = (date: string, days: number) => daysBefore(date, -days);

/**
 * Whole days of a time zone as an instant range: from the start of `first` to the last millisecond of
 * `last` (inclusive bounds, as `created_at>` / `created_at<` are). The range picker, the default range
 * and the drill-downs all use it, so a day is always the profile zone's day, never the browser's.
 */
export const dayBounds = (first: string, last: string, timeZone: string) => ({
  from: new Date(zonedMidnight(first, timeZone)).toISOString(),
  to: new Date(zonedMidnight(daysAfter(last, 1), timeZone) - 1).toISOString(),
});

/** The default statistics range (payments.md §9): the last 28 days of the zone, today included. */
export const last28Days = (timeZone: string, now = Date.now()) => {
  const today = zonedDate(now, timeZone);
  return dayBounds(daysBefore(today, 27), today, timeZone);
};

/**
 * The instants of one chart period (`start` is its first local day, YYYY-MM-DD) within the shown range:
 * what a drill-down from a bar lists, so the list counts what the bar counts.
 */
export const periodBounds = (
  start: string,
  period: 'day' | 'week' | 'month',
  timeZone: string,
  range: { from: string; to: string },
) => {
  const [year, month] = start.split('-').map(Number);
  const last =
    period === 'day'
      ? start
      : period === 'week'
        ? daysAfter(start, 6)
        : daysBefore(new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10), 1);
  const own = dayBounds(start, last, timeZone);
  return {
    from: new Date(Math.max(Date.parse(own.from), Date.parse(range.from))).toISOString(),
    to: new Date(Math.min(Date.parse(own.to), Date.parse(range.to))).toISOString(),
  };
};
