import { describe, expect, it } from 'vitest';
import { applicableDiscounts } from './discount-rules.ts';

const d = (id: string, minimum_amount: number | null, limit_to_first_order = false) => ({
  id,
  minimum_amount,
  limit_to_first_order,
});

describe('applicable discounts', () => {
  it('keeps discounts within the plan amount, and first-order ones only before the first cycle is billed', () => {
    const all = [d('none', null), d('low', 1000), d('equal', 2000), d('high', 2001), d('first', null, true)];
    expect(applicableDiscounts(all, { amount: 2000, billing_cycle: 1 }).map((x) => x.id)).toEqual([
      'none',
      'low',
      'equal',
      'first',
    ]);
    expect(applicableDiscounts(all, { amount: 2000, billing_cycle: 2 }).map((x) => x.id)).toEqual([
      'none',
      'low',
      'equal',
    ]);
  });
});
