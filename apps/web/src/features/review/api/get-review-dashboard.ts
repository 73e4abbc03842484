import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReviewDashboard } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/review/dashboard`: queue size and age, decisions per reviewer, how approved payments fared, and whether the caller may decide. */
export const reviewDashboardQueryOptions = (scope: string) =>
  queryOptions({
    // Under ['review']: a decision refreshes it with the queue (use-decide-reviews).
    queryKey: ['review', 'dashboard', scope] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<TReviewDashboard>('review/dashboard', {}, signal),
  });

export const useReviewDashboard = (scope: string) => useQuery(reviewDashboardQueryOptions(scope));
