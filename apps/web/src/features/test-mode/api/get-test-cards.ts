import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTestCards } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/test-cards`: the documented test cards and amounts, and the outcome each forces. */
export const testCardsQueryOptions = () =>
  queryOptions({
    // The same in both modes and for everyone: documentation of the sandbox.
    queryKey: ['test-cards'],
    queryFn: ({ signal }) => apiGet<TTestCards>('test-cards', {}, signal),
    staleTime: Infinity,
  });

export const useTestCards = () => useQuery(testCardsQueryOptions());
