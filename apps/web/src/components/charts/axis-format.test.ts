import { describe, expect, it } from 'vitest';
import { axisLabel, isoWeek } from './axis-format.ts';

describe('chart axis labels (payments.md §9)', () => {
  it('formats days, ISO weeks and months per language', () => {
    expect(axisLabel('2026-03-09', 'day', 'nl')).toBe('09-03');
    expect(axisLabel('2026-03-09', 'day', 'en-US')).toBe('03/09');
    expect(axisLabel('2026-03-09', 'week', 'nl')).toBe('11-2026');
    expect(axisLabel('2026-03-09', 'week', 'en-US')).toBe('11/2026');
    expect(axisLabel('2026-03-01', 'month', 'nl')).toBe('03-2026');
    expect(axisLabel('2026-03-01', 'month', 'en-US')).toBe('03/2026');
  });
  it('uses the ISO week-year around new year', () => {
    expect(isoWeek(2026, 12, 28)).toEqual({ week: 53, year: 2026 });
    expect(isoWeek(2027, 1, 1)).toEqual({ week: 53, year: 2026 });
    expect(isoWeek(2024, 12, 30)).toEqual({ week: 1, year: 2025 });
  });
});
