import { listScreens } from '@kassa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';
import type { TransactionRow } from './types.ts';

/** Relations a list row shows (customer name, processor name), and just the fields it shows of them. */
export const LIST_POPULATE = listScreens.transactions.populate;
const LIST_FIELDS = listScreens.transactions.fields;

/** `GET /v1/transaction`: one page of the filtered list. */
export const getTransactions = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<TransactionRow[]>('transaction', { _populate: LIST_POPULATE, _fields: LIST_FIELDS, ...params }, signal);

export const transactionsQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['transaction', 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => getTransactions(params, signal),
  });

export const useTransactions = (params: QueryParams, scope: string) =>
  useQuery(transactionsQueryOptions(params, scope));
