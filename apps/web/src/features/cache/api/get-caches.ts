import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCacheEntry } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/cache`: what Kassa caches, with sizes and ages. */
export const cachesQueryOptions = () =>
  queryOptions({
    queryKey: ['cache'],
    queryFn: ({ signal }) => apiGet<TCacheEntry[]>('cache', {}, signal),
    staleTime: 0,
  });

export const useCaches = () => useQuery(cachesQueryOptions());
