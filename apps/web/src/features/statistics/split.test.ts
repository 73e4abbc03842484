import { describe, expect, it } from 'vitest';
import { splitDays } from './split.ts';

const day = (offset: number, amount: number) => {
  const date = new Date(Date.UTC(2026, 10, 23) - offset * 86_400_000).toISOString().slice(0, 10);
  return { date, amount, count: 1 };
};

describe('the 56-day split', () => {
  it('compares the 28 whole days ending yesterday with the 28 before, leaving today out', () => {
    // 57 days: today (offset 0) and 56 before it.
    const days = Array.from({ length: 57 }, (_, i) => day(56 - i, i < 28 ? 100 : 300));
    const split = splitDays(days, '2026-11-23');
    expect(split.last.days).toHaveLength(28);
    expect(split.previous.days).toHaveLength(28);
    expect(split.last.days.at(-1)?.date).toBe('2026-11-22');
    expect(split.previous.days[0].date).toBe('2026-09-28');
    expect(split.previous.amount).toBe(28 * 100);
    expect(split.last.amount).toBe(300 * 28);
    expect(split.change).toBe(200);
  });

  it('has no change without a previous amount', () => {
    expect(splitDays([day(1, 500)], '2026-11-23').change).toBeNull();
  });
});

describe('local midnights', () => {
  it('are found in Amsterdam on both sides of a daylight-saving change', async () => {
    const { zonedMidnight, zonedDate, daysBefore } = await import('./split.ts');
    expect(new Date(zonedMidnight('2026-11-24', 'Europe/Amsterdam')).toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(new Date(zonedMidnight('2026-07-01', 'Europe/Amsterdam')).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(zonedDate(Date.parse('2026-11-23T23:30:00Z'), 'Europe/Amsterdam')).toBe('2026-11-24');
    expect(daysBefore('2026-11-24', 56)).toBe('2026-09-29');
  });
});
