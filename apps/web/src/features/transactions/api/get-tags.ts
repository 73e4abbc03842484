import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTagRow } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

export type TagRow = TTagRow;

/** `GET /v1/tag`: the organisation's tags, to show names instead of ids on transactions. */
export const getTags = (signal?: AbortSignal) => apiGet<TagRow[]>('tag', { _limit: 2000 }, signal);

export const tagsQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: ['tag', 'list', scope],
    queryFn: ({ signal }) => getTags(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useTags = (scope: string) => useQuery(tagsQueryOptions(scope));
