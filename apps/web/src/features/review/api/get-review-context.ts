import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { ReviewContext } from './types.ts';

/** `GET /v1/review/:id/context`: the customer's history behind a held payment. */
export const reviewContextQueryOptions = (id: string, scope: string) =>
  queryOptions({
    queryKey: ['review', 'context', scope, id] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<ReviewContext>(`review/${encodeURIComponent(id)}/context`, {}, signal),
  });

export const useReviewContext = (id: string, scope: string) => useQuery(reviewContextQueryOptions(id, scope));
