import type { DiscountType, PlanInterval } from '@kassa/domain';

const DAY = 86_400_000;

/** Failed charges are retried this many days after the cycle's due date; one more failure expires the subscription. */
export const RETRY_DELAYS_DAYS = [1, 3, 7] as const;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * `start` moved on by `count` intervals, in UTC. Months and years keep the start's day of month
 * where the month has it and clamp to the month's last day otherwise (31 Jan → 28 Feb → 31 Mar),
 * so computing every cycle from the start never drifts.
 */
export const addInterval = (start: Date, interval: PlanInterval, count: number): Date => {
  if (interval === 'day') return new Date(start.getTime() + count * DAY);
  if (interval === 'week') return new Date(start.getTime() + count * 7 * DAY);
  const months = interval === 'year' ? count * 12 : count;
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
};

/** The due date of a cycle (1 = the first order, due at the start). */
export const dueDateOfCycle = (start: Date, interval: PlanInterval, intervalCount: number, cycle: number): Date =>
  addInterval(start, interval, intervalCount * (cycle - 1));

export const retryAt = (dueDate: Date, failedAttempts: number): Date | null => {
  const delay = RETRY_DELAYS_DAYS[failedAttempts - 1];
  return delay === undefined ? null : new Date(dueDate.getTime() + delay * DAY);
};

export type DiscountTerms = {
  type: DiscountType;
  amount: number;
  duration: number | null;
  minimum_amount: number | null;
  limit_to_first_order: boolean;
};

export type DiscountDecision = {
  /** Cents taken off this cycle's amount (0 when the discount does not apply). */
  discount: number;
  /** Whether the discount still has cycles to give after this one, if this charge succeeds. */
  remainsActive: boolean;
};

/**
 * What an attached discount takes off one cycle: fixed cents, or a fraction of the amount rounded
 * half up to whole cents, never more than the amount. It applies while applied_duration is below
 * its duration (null = every cycle), when the amount reaches minimum_amount, and for a
 * first-order-only discount only on cycle 1.
 */
export const decideDiscount = (
  amount: number,
  terms: DiscountTerms,
  cycle: number,
  appliedDuration: number,
): DiscountDecision => {
  const exhausted = terms.duration !== null && appliedDuration >= terms.duration;
  const pastFirstOrder = terms.limit_to_first_order && cycle > 1;
  if (exhausted || pastFirstOrder) return { discount: 0, remainsActive: false };
  if (terms.minimum_amount !== null && amount < terms.minimum_amount) return { discount: 0, remainsActive: true };
  const raw =
    terms.type === 'percentage' ? Math.round(Number((amount * terms.amount).toFixed(6))) : Math.round(terms.amount);
  const discount = Math.min(amount, Math.max(0, raw));
  const used = appliedDuration + 1;
  const remainsActive = !terms.limit_to_first_order && (terms.duration === null || used < terms.duration);
  return { discount, remainsActive };
};
