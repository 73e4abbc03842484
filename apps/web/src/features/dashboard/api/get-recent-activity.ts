import { useQuery } from '@tanstack/react-query';
import { dashboardRequests, type TRecentActivity } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/statistics/recent`: the newest transactions and refunds. */
export const useRecentActivity = (scope: string, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics', 'recent', scope],
    enabled,
    queryFn: ({ signal }) =>
      apiGet<TRecentActivity[]>(dashboardRequests.recent.path, dashboardRequests.recent.params, signal),
  });
