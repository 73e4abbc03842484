import { fieldsFor, listScreens } from '@kassa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';
import type { TransactionRow } from './types.ts';

/** Relations a list row shows (customer name, processor name), and just the fields it shows of them. */
export const LIST_POPULATE = listScreens.transactions.populate;

/** `GET /v1/transaction`: one page of the filtered list, with the fields of the columns shown. */
export const getTransactions = (params: QueryParams, fields: string | undefined, signal?: AbortSignal) =>
  apiGet<TransactionRow[]>('transaction', { _populate: LIST_POPULATE, _fields: fields, ...params }, signal);

/** The list's query; showing a column hidden by default asks again, for its fields too. */
export const transactionsQueryOptions = (params: QueryParams, scope: string, shownColumns: readonly string[] = []) => {
  const fields = fieldsFor(listScreens.transactions, shownColumns);
  return queryOptions({
    queryKey: ['transaction', 'list', scope, params, fields] as readonly unknown[],
    queryFn: ({ signal }) => getTransactions(params, fields, signal),
  });
};

export const useTransactions = (params: QueryParams, scope: string) =>
  useQuery(transactionsQueryOptions(params, scope));
