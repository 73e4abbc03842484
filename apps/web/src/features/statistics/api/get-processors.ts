import { useQuery } from '@tanstack/react-query';
import type { TProcessorRevenue } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

export type ProcessorOption = { id: string; name: string; payment_product: string | null };

/**
 * The processors to compare: those this organisation's payment profiles use
 * (`statistics/processor/revenue`; `GET processor` lists every processor of the provider).
 */
export const useProcessors = (scope: string) =>
  useQuery({
    queryKey: ['statistics', 'processor-options', scope],
    queryFn: async ({ signal }): Promise<ProcessorOption[]> =>
      (await apiGet<TProcessorRevenue[]>('statistics/processor/revenue', { _limit: 1000 }, signal)).map((p) => ({
        id: p.id,
        name: p.name,
        payment_product: p.payment_product,
      })),
  });
