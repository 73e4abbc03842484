import { useQuery } from '@tanstack/react-query';
import type { TDailyAggregate } from '@kassa/domain';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /v1/statistics/aggregate/day`: revenue per local day over a range. */
export const useDailyAggregate = (range: { from: string; to: string }, statuses: readonly string[], scope: string, currency: string, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics', 'aggregate-day', scope, range, statuses, currency],
    enabled,
    queryFn: ({ signal }) => apiGet<TDailyAggregate[]>('statistics/aggregate/day', { 'created_at>': range.from, 'created_at<': range.to, 'status[]': statuses, currency_code: currency }, signal),
  });
