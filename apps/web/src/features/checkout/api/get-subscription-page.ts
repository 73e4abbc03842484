import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubscriptionPage } from '@kassa/domain';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /v1/subscribe/{token}`: the public page of a subscription. */
export const getSubscriptionPage = (token: string, signal?: AbortSignal) =>
  apiRequest<TSubscriptionPage>('GET', `subscribe/${encodeURIComponent(token)}`, { signal, ignoreUnauthorized: true });

export const subscriptionPageQuery = (token: string) =>
  queryOptions({
    queryKey: ['subscription-page', token],
    queryFn: ({ signal }) => getSubscriptionPage(token, signal),
    retry: false,
    staleTime: 0,
  });

export const useSubscriptionPage = (token: string) => useQuery(subscriptionPageQuery(token));
