import { useQuery } from '@tanstack/react-query';
import { dashboardRequests, type TToday } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/statistics/today`: revenue today so far and the amount expected for the whole day. */
export const useToday = (scope: string, currency: string, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics', 'today', scope, currency],
    enabled,
    queryFn: ({ signal }) =>
      apiGet<TToday>(dashboardRequests.today(currency).path, dashboardRequests.today(currency).params, signal),
  });
