import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { SubscriptionTransaction } from './types.ts';

const PAGE = 25;

/** The subscription's charges: `GET /v1/transaction?subscription={id}&_populate=payment_profile` (payments.md §7), with their count. */
export const subscriptionTransactionsQueryOptions = (id: string, page: number, scope: string) =>
  queryOptions({
    queryKey: ['transaction', 'list', scope, { subscription: id, page }] as readonly unknown[],
    queryFn: async ({ signal }) => {
      const params = {
        subscription: id,
        _populate: 'payment_profile',
        _sort: '-created_at',
        _limit: PAGE,
        _skip: (page - 1) * PAGE,
      };
      const [rows, count] = await Promise.all([
        apiGet<SubscriptionTransaction[]>('transaction', params, signal),
        apiGet<{ count: number }>('transaction/count', { subscription: id }, signal),
      ]);
      return { rows, count: count.count };
    },
  });

export const useSubscriptionTransactions = (id: string, page: number, scope: string) =>
  useQuery({ ...subscriptionTransactionsQueryOptions(id, page, scope), placeholderData: keepPreviousData });
export const SUBSCRIPTION_TRANSACTIONS_PAGE = PAGE;
