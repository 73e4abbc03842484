import dayjs, { type Dayjs } from 'dayjs';

export type PresetKey =
  | 'last28'
  | 'last90'
  | 'last365'
  | 'previousMonth'
  | 'previousQuarter'
  | 'previousYear'
  | 'currentMonth'
  | 'currentQuarter'
  | 'currentYear';

const quarterStart = (day: Dayjs) => day.month(Math.floor(day.month() / 3) * 3).startOf('month');

/** The date presets of payments.md §9, as [start of first day, end of last day]. */
export const datePresets = (now: Dayjs = dayjs()): Record<PresetKey, [Dayjs, Dayjs]> => {
  const today = now.endOf('day');
  const thisQuarter = quarterStart(now);
  return {
    last28: [now.subtract(27, 'day').startOf('day'), today],
    last90: [now.subtract(89, 'day').startOf('day'), today],
    last365: [now.subtract(364, 'day').startOf('day'), today],
    previousMonth: [now.subtract(1, 'month').startOf('month'), now.subtract(1, 'month').endOf('month')],
    previousQuarter: [thisQuarter.subtract(3, 'month'), thisQuarter.subtract(1, 'day').endOf('day')],
    previousYear: [now.subtract(1, 'year').startOf('year'), now.subtract(1, 'year').endOf('year')],
    currentMonth: [now.startOf('month'), today],
    currentQuarter: [thisQuarter, today],
    currentYear: [now.startOf('year'), today],
  };
};

/** Default range of statistics screens: the last 28 days. */
export const DEFAULT_PRESET: PresetKey = 'last28';
