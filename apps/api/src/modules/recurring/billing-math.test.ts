import { describe, expect, it } from 'vitest';
import { addInterval, decideDiscount, dueDateOfCycle, retryAt } from './billing-math.ts';

const fixed = {
  type: 'fixed_cents' as const,
  amount: 300,
  duration: null,
  minimum_amount: null,
  limit_to_first_order: false,
};

describe('billing arithmetic', () => {
  it('keeps the day of month, clamping short months, without drifting', () => {
    const start = new Date('2024-01-31T10:00:00Z');
    expect([2, 3, 4, 14].map((cycle) => dueDateOfCycle(start, 'month', 1, cycle).toISOString().slice(0, 10))).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2025-02-28',
    ]);
    expect(addInterval(start, 'week', 2).toISOString()).toBe('2024-02-14T10:00:00.000Z');
    expect(addInterval(start, 'year', 1).toISOString()).toBe('2025-01-31T10:00:00.000Z');
    expect(dueDateOfCycle(start, 'day', 3, 3).toISOString()).toBe('2024-02-06T10:00:00.000Z');
  });

  it('retries 1, 3 and 7 days after the due date, then gives up', () => {
    const due = new Date('2026-01-01T00:00:00Z');
    expect([1, 2, 3, 4].map((n) => retryAt(due, n)?.toISOString().slice(0, 10) ?? null)).toEqual([
      '2026-01-02',
      '2026-01-04',
      '2026-01-08',
      null,
    ]);
  });

  it('decides each discount rule', () => {
    expect(decideDiscount(1000, fixed, 5, 4)).toEqual({ discount: 300, remainsActive: true });
    expect(decideDiscount(200, fixed, 1, 0)).toEqual({ discount: 200, remainsActive: true });
    expect(decideDiscount(1000, { ...fixed, duration: 2 }, 2, 1)).toEqual({ discount: 300, remainsActive: false });
    expect(decideDiscount(1000, { ...fixed, duration: 2 }, 3, 2)).toEqual({ discount: 0, remainsActive: false });
    expect(decideDiscount(1000, { ...fixed, minimum_amount: 1001 }, 1, 0)).toEqual({
      discount: 0,
      remainsActive: true,
    });
    expect(decideDiscount(1000, { ...fixed, limit_to_first_order: true }, 1, 0)).toEqual({
      discount: 300,
      remainsActive: false,
    });
    expect(decideDiscount(1000, { ...fixed, limit_to_first_order: true }, 2, 0)).toEqual({
      discount: 0,
      remainsActive: false,
    });
    expect(decideDiscount(1999, { ...fixed, type: 'percentage', amount: 0.15 }, 1, 0).discount).toBe(300);
    expect(decideDiscount(1050, { ...fixed, type: 'percentage', amount: 0.1 }, 1, 0).discount).toBe(105);
    expect(decideDiscount(999, { ...fixed, type: 'percentage', amount: 1 }, 1, 0).discount).toBe(999);
  });
});
