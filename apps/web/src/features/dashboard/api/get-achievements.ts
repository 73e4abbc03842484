import { useQuery } from '@tanstack/react-query';
import { dashboardRequests, type TAchievement } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/statistics/amazingthings`: the last 7 days against the 7 before. */
export const useAchievements = (scope: string, currency: string, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics', 'achievements', scope, currency],
    enabled,
    queryFn: ({ signal }) =>
      apiGet<TAchievement[]>(
        dashboardRequests.achievements(currency).path,
        dashboardRequests.achievements(currency).params,
        signal,
      ),
  });
