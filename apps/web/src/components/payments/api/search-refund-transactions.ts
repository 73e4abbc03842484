import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { RefundableTransaction, RefundSearchField } from './types.ts';

/** payments.md §7 "Transaction search for refunds": 25 results, customer and profile embedded. */
export const searchRefundTransactions = (searchBy: RefundSearchField, search: string, signal?: AbortSignal) =>
  apiGet<RefundableTransaction[]>(
    'transaction',
    { _search_by: searchBy, _search: search, _populate: 'customer payment_profile', _limit: 25 },
    signal,
  );

export const refundTransactionSearchOptions = (searchBy: RefundSearchField, search: string, scope: string) =>
  queryOptions({
    queryKey: ['transaction', 'refund-search', scope, searchBy, search] as readonly unknown[],
    queryFn: ({ signal }) => searchRefundTransactions(searchBy, search, signal),
    staleTime: 0,
  });

/** Transactions matching the typed term; nothing is asked for an empty term. */
export const useRefundTransactionSearch = (searchBy: RefundSearchField, search: string, scope: string) =>
  useQuery({
    ...refundTransactionSearchOptions(searchBy, search, scope),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
