import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';

/** `GET /v1/transaction/count` with the list's filters. */
export const getTransactionsCount = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<{ count: number }>('transaction/count', params, signal);

export const transactionsCountQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['transaction', 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => getTransactionsCount(params, signal),
  });

export const useTransactionsCount = (params: QueryParams, scope: string) =>
  useQuery(transactionsCountQueryOptions(params, scope));
