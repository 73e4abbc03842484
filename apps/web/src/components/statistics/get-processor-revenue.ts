import { useQuery } from '@tanstack/react-query';
import type { TProcessorRevenue } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/processor?_limit=1000`, then `GET /v1/statistics/processor/revenue?ids=…` (portal.md §7). */
export const useProcessorRevenue = (scope: string, currency: string, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics', 'processor-revenue', scope, currency],
    enabled,
    queryFn: async ({ signal }) => {
      const processors = await apiGet<{ id: string }[]>('processor', { _limit: 1000, type: 'processor' }, signal);
      if (processors.length === 0) return [];
      return apiGet<TProcessorRevenue[]>(
        'statistics/processor/revenue',
        { ids: processors.map((p) => p.id).join(','), _limit: 1000, currency_code: currency },
        signal,
      );
    },
  });
