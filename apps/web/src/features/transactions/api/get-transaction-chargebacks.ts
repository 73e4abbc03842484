import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChargebackRow } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

export type TransactionChargeback = TChargebackRow;

/** The chargebacks of one transaction (the detail panel's Chargebacks tab). */
export const getTransactionChargebacks = (transaction: string, signal?: AbortSignal) =>
  apiGet<TransactionChargeback[]>('chargeback', { transaction, _limit: 100 }, signal);

export const transactionChargebacksQueryOptions = (transaction: string, scope: string) =>
  queryOptions({
    queryKey: ['chargeback', 'by-transaction', scope, transaction],
    queryFn: ({ signal }) => getTransactionChargebacks(transaction, signal),
  });

export const useTransactionChargebacks = (transaction: string, scope: string) =>
  useQuery(transactionChargebacksQueryOptions(transaction, scope));
