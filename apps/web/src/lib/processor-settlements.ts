import { useQuery } from '@tanstack/react-query';
import type { TProcessorRow } from '@kassa/domain';
import { apiGet } from './api-client.ts';

/** Every processor settlement for a form's choice (`GET /v1/processor?type=processorsettlement`, portal.md §7: _limit 1000). */
export const useProcessorSettlements = () =>
  useQuery({
    queryKey: ['processor', 'list', 'processorsettlement', 'choices'],
    queryFn: ({ signal }) =>
      apiGet<TProcessorRow[]>('processor', { type: 'processorsettlement', _limit: 1000, _sort: 'name' }, signal),
  });
