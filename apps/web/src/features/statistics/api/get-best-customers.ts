import type { TBestCustomer } from '@kassa/domain';
import type { QueryParams } from '@/lib/api-client.ts';
import { useStatistics } from './get-statistics.ts';

/** `GET /v1/customer/aggregate/best?_limit=10`: by volume, or by count (`_sort=-count`). */
export const useBestCustomers = (params: QueryParams, scope: string, by: 'volume' | 'count' = 'volume') =>
  useStatistics<TBestCustomer[]>(
    'customer/aggregate/best',
    { ...params, _limit: 10, ...(by === 'count' ? { _sort: '-count' } : {}) },
    scope,
  );
