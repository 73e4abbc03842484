import type { Language } from '@/lib/languages.ts';

export type Period = 'day' | 'week' | 'month';

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 week number and week-year of a calendar date. */
export const isoWeek = (year: number, month: number, day: number): { week: number; year: number } => {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return { week, year: weekYear };
};

/**
 * A period's axis label (payments.md §9): en-US day %m/%d, week %V/%Y, month %m/%Y;
 * nl day %d-%m, week %V-%Y, month %m-%Y. `period` is the API's 'YYYY-MM-DD' start of the period.
 */
export const axisLabel = (start: string, period: Period, language: Language): string => {
  const [year, month, day] = start.split('-').map(Number);
  const sep = language === 'nl' ? '-' : '/';
  if (period === 'day') return language === 'nl' ? `${pad(day)}-${pad(month)}` : `${pad(month)}/${pad(day)}`;
  if (period === 'week') {
    const iso = isoWeek(year, month, day);
    return `${pad(iso.week)}${sep}${iso.year}`;
  }
  return `${pad(month)}${sep}${year}`;
};
