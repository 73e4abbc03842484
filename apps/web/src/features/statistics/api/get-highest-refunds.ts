import { useStatistics } from './get-statistics.ts';

export type HighestRefund = {
  id: string;
  amount: number;
  reason: string | null;
  status: string;
  last_status_update: string;
  transaction: { id: string; merchant_reference: string; amount: number } | string;
  payment_profile: { currency_code: string } | string;
};

/** `GET /v1/refund?_sort=-amount&_limit=5&_populate=transaction payment_profile` in the range (payments.md §7). */
export const useHighestRefunds = (range: { from: string; to: string }, scope: string) =>
  useStatistics<HighestRefund[]>(
    'refund',
    {
      _sort: '-amount',
      _limit: 5,
      _populate: 'transaction payment_profile',
      'created_at>': range.from,
      'created_at<': range.to,
    },
    scope,
  );
