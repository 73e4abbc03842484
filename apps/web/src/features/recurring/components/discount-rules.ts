import type { DiscountRow } from '../api/types.ts';

/**
 * The discounts a subscription may take (payments.md §5 "Subscription"): minimum_amount absent or
 * at most the plan amount, and first-order-only discounts only while the first cycle is due.
 */
export const applicableDiscounts = <D extends Pick<DiscountRow, 'minimum_amount' | 'limit_to_first_order'>>(
  discounts: D[],
  subscription: { amount: number; billing_cycle: number },
): D[] =>
  discounts.filter(
    (d) =>
      (d.minimum_amount === null || d.minimum_amount <= subscription.amount) &&
      !(d.limit_to_first_order && subscription.billing_cycle > 1),
  );
