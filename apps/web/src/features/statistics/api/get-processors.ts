import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

export type ProcessorOption = { id: string; name: string; payment_product: string | null };

/** `GET /v1/processor?_limit=1000` (portal.md §7): the processors to compare. */
export const useProcessors = (scope: string) =>
  useQuery({
    queryKey: ['processor', 'list', scope, 'compare'],
    queryFn: ({ signal }) =>
      apiGet<ProcessorOption[]>('processor', { _limit: 1000, type: 'processor', _sort: 'name' }, signal),
  });
