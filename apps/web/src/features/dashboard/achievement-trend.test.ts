import { describe, expect, it } from 'vitest';
import { achievementTrend } from './achievement-trend.ts';

describe('achievement trend (portal.md §4)', () => {
  it('is equal within 10 % of the previous value and always for the amount', () => {
    expect(achievementTrend({ type: 'transaction', last: 110, previous: 100 })).toEqual({ trend: 'equal', good: null });
    expect(achievementTrend({ type: 'transaction', last: 90, previous: 100 })).toEqual({ trend: 'equal', good: null });
    expect(achievementTrend({ type: 'amount', last: 900, previous: 100 })).toEqual({ trend: 'equal', good: null });
  });
  it('goes up or down beyond 10 %, and reads fewer refunds as good', () => {
    expect(achievementTrend({ type: 'customer', last: 111, previous: 100 })).toEqual({ trend: 'up', good: true });
    expect(achievementTrend({ type: 'transaction', last: 89, previous: 100 })).toEqual({ trend: 'down', good: false });
    expect(achievementTrend({ type: 'refund', last: 5, previous: 10 })).toEqual({ trend: 'down', good: true });
    expect(achievementTrend({ type: 'refund', last: 20, previous: 10 })).toEqual({ trend: 'up', good: false });
    expect(achievementTrend({ type: 'transaction', last: 3, previous: 0 })).toEqual({ trend: 'up', good: true });
  });
});
