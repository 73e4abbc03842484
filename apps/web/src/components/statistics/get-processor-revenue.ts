import { useQuery } from '@tanstack/react-query';
import type { TProcessorRevenue } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/**
 * `GET /v1/statistics/processor/revenue`: the revenue of the processors this organisation's payment
 * profiles use (the provider as a whole: every processor). The spec first lists `processor`, which
 * holds every processor of the provider, so the server chooses them (docs/decisions.md).
 */
export const useProcessorRevenue = (scope: string, currency: string, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics', 'processor-revenue', scope, currency],
    enabled,
    queryFn: ({ signal }) =>
      apiGet<TProcessorRevenue[]>('statistics/processor/revenue', { _limit: 1000, currency_code: currency }, signal),
  });
