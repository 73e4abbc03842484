import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCardAddPage } from '@kassa/domain';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /v1/add-card/{token}`: the public page of a card-add link. */
export const getCardAddPage = (token: string, signal?: AbortSignal) =>
  apiRequest<TCardAddPage>('GET', `add-card/${encodeURIComponent(token)}`, { signal, ignoreUnauthorized: true });

export const cardAddPageQuery = (token: string) =>
  queryOptions({
    queryKey: ['card-add-page', token],
    queryFn: ({ signal }) => getCardAddPage(token, signal),
    retry: false,
    staleTime: 0,
  });

export const useCardAddPage = (token: string) => useQuery(cardAddPageQuery(token));
