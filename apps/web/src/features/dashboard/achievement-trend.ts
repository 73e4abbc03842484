import type { TAchievement } from '@kassa/domain';

export type Trend = 'equal' | 'up' | 'down';

/**
 * portal.md §4: 'equal' when the difference is at most 10 % of the previous value, or for the
 * amount achievement; otherwise up or down. For refunds fewer is good, so the direction a person
 * should read as good is inverted.
 */
export const achievementTrend = ({ type, last, previous }: TAchievement): { trend: Trend; good: boolean | null } => {
  if (type === 'amount' || Math.abs(last - previous) <= 0.1 * previous) return { trend: 'equal', good: null };
  const trend: Trend = last > previous ? 'up' : 'down';
  const good = type === 'refund' ? trend === 'down' : trend === 'up';
  return { trend, good };
};
