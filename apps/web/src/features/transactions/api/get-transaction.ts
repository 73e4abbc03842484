import { detailScreens } from '@kassa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { TransactionRow } from './types.ts';

/** `GET /v1/transaction/:id` with what the detail panel shows. */
export const getTransaction = (id: string, signal?: AbortSignal) =>
  apiGet<TransactionRow>(
    `transaction/${encodeURIComponent(id)}`,
    { _populate: detailScreens.transaction.populate },
    signal,
  );

export const transactionQueryOptions = (id: string, scope: string) =>
  queryOptions({ queryKey: ['transaction', 'detail', scope, id], queryFn: ({ signal }) => getTransaction(id, signal) });

/** One transaction for the detail panel. */
export const useTransaction = (id: string, scope: string) => useQuery(transactionQueryOptions(id, scope));
