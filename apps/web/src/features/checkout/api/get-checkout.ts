import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCheckoutPage } from '@kassa/domain';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /v1/checkout/{token}`: the public hosted checkout page of one payment. */
export const getCheckout = (token: string, signal?: AbortSignal) =>
  apiRequest<TCheckoutPage>('GET', `checkout/${encodeURIComponent(token)}`, { signal, ignoreUnauthorized: true });

export const checkoutQuery = (token: string) =>
  queryOptions({
    queryKey: ['checkout', token],
    queryFn: ({ signal }) => getCheckout(token, signal),
    retry: false,
    staleTime: 0,
  });

/** The page of the token in the customer's URL. */
export const useCheckout = (token: string) => useQuery(checkoutQuery(token));
