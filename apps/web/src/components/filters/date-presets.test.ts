import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { datePresets } from './date-presets.ts';

const day = (value: dayjs.Dayjs) => value.format('YYYY-MM-DD HH:mm');

describe('date presets (payments.md §9)', () => {
  const presets = datePresets(dayjs('2026-05-14T10:00:00'));

  it('counts the last N days including today', () => {
    expect(day(presets.last28[0])).toBe('2026-04-17 00:00');
    expect(day(presets.last28[1])).toBe('2026-05-14 23:59');
    expect(day(presets.last365[0])).toBe('2025-05-15 00:00');
  });

  it('gives whole previous and current calendar periods', () => {
    expect([day(presets.previousMonth[0]), day(presets.previousMonth[1])]).toEqual([
      '2026-04-01 00:00',
      '2026-04-30 23:59',
    ]);
    expect([day(presets.previousQuarter[0]), day(presets.previousQuarter[1])]).toEqual([
      '2026-01-01 00:00',
      '2026-03-31 23:59',
    ]);
    expect([day(presets.previousYear[0]), day(presets.previousYear[1])]).toEqual([
      '2025-01-01 00:00',
      '2025-12-31 23:59',
    ]);
    expect(day(presets.currentQuarter[0])).toBe('2026-04-01 00:00');
    expect(day(presets.currentYear[0])).toBe('2026-01-01 00:00');
  });
});
