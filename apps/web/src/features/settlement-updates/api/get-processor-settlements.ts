import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { ProcessorSettlementRef } from './settlement-updates.ts';

/** Every processor settlement for the form's choice (`GET /v1/processor?type=processorsettlement`, portal.md §7: _limit 1000). */
export const useProcessorSettlements = () =>
  useQuery({
    queryKey: ['processor', 'list', 'processorsettlement', 'choices'],
    queryFn: ({ signal }) =>
      apiGet<ProcessorSettlementRef[]>(
        'processor',
        { type: 'processorsettlement', _limit: 1000, _sort: 'name' },
        signal,
      ),
  });
