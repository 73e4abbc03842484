import type { DemoProfile } from './organisations.ts';
import { weights, type Rng, type Weighted } from './random.ts';

export const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The demo's customers live around UTC+1; hour weights are written in their local time. */
const LOCAL_OFFSET_HOURS = 1;

// Relative activity per local hour: quiet nights, a lunch bump and the evening peak around 20:00.
const WEEKDAY_HOURS = [
  0.6, 0.3, 0.15, 0.1, 0.1, 0.2, 0.6, 1.5, 2.5, 3.2, 3.8, 4.2, 4.8, 4.6, 4.3, 4.3, 4.6, 5, 5.5, 6.5, 7, 6.2, 4, 2,
];
// Weekends start later and shop through the afternoon; Sunday evening is the week's busiest hour.
const WEEKEND_HOURS = [
  0.9, 0.5, 0.25, 0.15, 0.1, 0.1, 0.3, 0.7, 1.6, 3, 4.5, 5.2, 5.5, 5.6, 5.6, 5.4, 5.2, 5, 5.4, 6.4, 7.2, 6.4, 4.2, 2.2,
];
// Sunday .. Saturday.
const WEEKDAY_FACTOR = [1.08, 0.9, 0.92, 0.95, 1.0, 1.1, 1.15];

const hourTable = (utcDay: number, until = 24): Weighted<number> => {
  const local = utcDay === 0 || utcDay === 6 ? WEEKEND_HOURS : WEEKDAY_HOURS;
  const entries: [number, number][] = [];
  for (let utcHour = 0; utcHour < until; utcHour++) entries.push([utcHour, local[(utcHour + LOCAL_OFFSET_HOURS) % 24]]);
  return weights(entries);
};

/** How busy the demo world is at a moment, relative to its busiest hour (0..1]: the hourly and weekday rhythm. */
export const activityAt = (at: Date): number => {
  const day = at.getUTCDay();
  const local = day === 0 || day === 6 ? WEEKEND_HOURS : WEEKDAY_HOURS;
  const busiest = Math.max(...WEEKEND_HOURS, ...WEEKDAY_HOURS) * Math.max(...WEEKDAY_FACTOR);
  return (local[(at.getUTCHours() + LOCAL_OFFSET_HOURS) % 24] * WEEKDAY_FACTOR[day]) / busiest;
};

/** Seasonal bumps: the Black Friday week and December gifts, a quieter summer holiday. */
const season = (date: Date): number => {
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  if (month === 10 && day >= 24) return 1.4;
  if (month === 11 && day <= 23) return 1.25;
  if (month === 6 || month === 7) return 0.92;
  return 1;
};

export type DayPlan = { start: number; end: number; count: number; profiles: Weighted<DemoProfile> };

const profileWeight = (profile: DemoProfile): number => profile.merchant.share * profile.spec.share;

/**
 * The year split into days (the last one ends now), with exactly `scale` transactions spread
 * over them: growth over the year, weekday and seasonal rhythm, a little noise, and merchants
 * contributing from the day they went live.
 */
export const planDays = (rng: Rng, now: number, scale: number, profiles: DemoProfile[]): DayPlan[] => {
  const firstDay = Math.floor(now / DAY) * DAY - 365 * DAY;
  const days: DayPlan[] = [];
  const raw: number[] = [];
  for (let start = firstDay; start < now; start += DAY) {
    const end = Math.min(start + DAY, now);
    const live = profiles.filter((p) => p.org.liveFrom <= start);
    const liveShare = live.reduce((sum, p) => sum + profileWeight(p), 0);
    const progress = (start - firstDay) / (365 * DAY);
    const growth = 0.55 + 0.45 * progress ** 1.3;
    const date = new Date(start);
    const hours = hourTable(date.getUTCDay());
    const partial =
      end < start + DAY ? hourTable(date.getUTCDay(), Math.ceil((end - start) / HOUR)).total / hours.total : 1;
    const noise = Math.max(0.5, 1 + 0.08 * rng.normal());
    raw.push(liveShare * growth * WEEKDAY_FACTOR[date.getUTCDay()] * season(date) * noise * partial);
    days.push({
      start,
      end,
      count: 0,
      profiles: weights(live.map((p) => [p, profileWeight(p)] as [DemoProfile, number])),
    });
  }
  // Cumulative rounding: the day counts add up to exactly `scale`.
  const total = raw.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let assigned = 0;
  days.forEach((day, index) => {
    cumulative += raw[index];
    const upTo = Math.round((cumulative / total) * scale);
    day.count = upTo - assigned;
    assigned = upTo;
  });
  return days;
};

/** `count` sorted moments within the day, following the hourly rhythm, never after `end`. */
export const momentsOfDay = (rng: Rng, day: DayPlan): Float64Array => {
  const date = new Date(day.start);
  const hours = hourTable(date.getUTCDay(), Math.ceil((day.end - day.start) / HOUR));
  const moments = new Float64Array(day.count);
  for (let i = 0; i < day.count; i++) {
    const moment = day.start + rng.weighted(hours) * HOUR + Math.floor(rng() * HOUR);
    moments[i] = moment < day.end ? moment : day.end - 1 - Math.floor(rng() * 60_000);
  }
  return moments.sort();
};
