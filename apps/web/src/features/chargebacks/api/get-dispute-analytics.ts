import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDisputeAnalytics } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** The first instant of the month `monthsBack` months before this one, in the browser's zone. */
export const monthsAgo = (monthsBack: number, now = new Date()) =>
  new Date(now.getFullYear(), now.getMonth() - monthsBack, 1).toISOString();

/** `GET /v1/statistics/disputes`: win rates by reason code and by evidence, won and lost per month, since `from`. */
export const disputeAnalyticsQueryOptions = (from: string, scope: string) =>
  queryOptions({
    queryKey: ['chargeback', 'analytics', scope, from] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<TDisputeAnalytics>('statistics/disputes', { 'created_at>': from }, signal),
  });

export const useDisputeAnalytics = (from: string, scope: string, enabled: boolean) =>
  useQuery({ ...disputeAnalyticsQueryOptions(from, scope), enabled });
