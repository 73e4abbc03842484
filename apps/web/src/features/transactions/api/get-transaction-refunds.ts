import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRefundRow } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

export type TransactionRefund = TRefundRow;

/** payments.md §7 "Refund lists: by transaction={id}" — the detail panel's Refunds tab. */
export const getTransactionRefunds = (transaction: string, signal?: AbortSignal) =>
  apiGet<TransactionRefund[]>('refund', { transaction, _limit: 100 }, signal);

// Keyed under 'refund' so that a new refund refreshes this tab with every other refunds list.
export const transactionRefundsQueryOptions = (transaction: string, scope: string) =>
  queryOptions({
    queryKey: ['refund', 'by-transaction', scope, transaction],
    queryFn: ({ signal }) => getTransactionRefunds(transaction, signal),
  });

export const useTransactionRefunds = (transaction: string, scope: string) =>
  useQuery(transactionRefundsQueryOptions(transaction, scope));
