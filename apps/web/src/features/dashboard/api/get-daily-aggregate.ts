import { useQuery } from '@tanstack/react-query';
import { dashboardRequests, type TDailyAggregate } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/statistics/aggregate/day`: revenue per local day over the 28 days up to `minute` (the revenue overview). */
export const useDailyAggregate = (minute: number, scope: string, currency: string, enabled: boolean) => {
  const request = dashboardRequests.revenueOverview(currency, minute);
  return useQuery({
    queryKey: ['statistics', 'aggregate-day', scope, request.params],
    enabled,
    queryFn: ({ signal }) => apiGet<TDailyAggregate[]>(request.path, request.params, signal),
  });
};
