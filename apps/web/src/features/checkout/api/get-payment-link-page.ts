import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentLinkPage } from '@kassa/domain';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /v1/pay/{token}`: the public page of a payment link. */
export const getPaymentLinkPage = (token: string, signal?: AbortSignal) =>
  apiRequest<TPaymentLinkPage>('GET', `pay/${encodeURIComponent(token)}`, { signal, ignoreUnauthorized: true });

export const paymentLinkPageQuery = (token: string) =>
  queryOptions({
    queryKey: ['payment-link-page', token],
    queryFn: ({ signal }) => getPaymentLinkPage(token, signal),
    retry: false,
    staleTime: 0,
  });

export const usePaymentLinkPage = (token: string) => useQuery(paymentLinkPageQuery(token));
