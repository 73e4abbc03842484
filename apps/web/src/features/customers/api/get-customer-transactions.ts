import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TTransactionRow } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

export type CustomerTransaction = TTransactionRow;

/** payments.md §9: the customer's transactions, 25 per page. */
export const CUSTOMER_TRANSACTIONS_PAGE = 25;

const filterOf = (customer: string) => ({ customer });

/** payments.md §7 "Customer transactions": newest first, payment profile embedded, 25 per page. */
export const getCustomerTransactions = (customer: string, skip: number, signal?: AbortSignal) =>
  apiGet<CustomerTransaction[]>(
    'transaction',
    {
      ...filterOf(customer),
      _populate: 'payment_profile',
      _limit: CUSTOMER_TRANSACTIONS_PAGE,
      _skip: skip,
      _sort: '-created_at',
    },
    signal,
  );

export const customerTransactionsQueryOptions = (customer: string, skip: number, scope: string) =>
  queryOptions({
    queryKey: ['transaction', 'by-customer', scope, customer, skip],
    queryFn: ({ signal }) => getCustomerTransactions(customer, skip, signal),
  });

export const useCustomerTransactions = (customer: string, skip: number, scope: string) =>
  useQuery({ ...customerTransactionsQueryOptions(customer, skip, scope), placeholderData: keepPreviousData });

/** The count call with the same filter (spec: "a count call with the same filter"). */
export const getCustomerTransactionsCount = (customer: string, signal?: AbortSignal) =>
  apiGet<{ count: number }>('transaction/count', filterOf(customer), signal);

export const useCustomerTransactionsCount = (customer: string, scope: string) =>
  useQuery({
    queryKey: ['transaction', 'by-customer-count', scope, customer],
    queryFn: ({ signal }) => getCustomerTransactionsCount(customer, signal),
  });
