import { useQuery } from '@tanstack/react-query';
import { dashboardRequests, type TSettlementRow } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

export type Payout = TSettlementRow;

/** `GET /v1/settlement?_limit=2&_sort=-created_at&_populate=payment_profile&amount>=1`: the latest payouts (portal.md §7). */
export const usePayouts = (scope: string, enabled: boolean) =>
  useQuery({
    queryKey: ['settlement', 'list', scope, 'payouts'],
    enabled,
    queryFn: ({ signal }) => apiGet<Payout[]>(dashboardRequests.payouts.path, dashboardRequests.payouts.params, signal),
  });

/** A payout of the settlement engine to the merchant's bank account. */
export type BankPayout = {
  id: string;
  amount: number;
  currency_code: string;
  pay_date: string;
  status: 'SCHEDULED' | 'PAID';
  bank_account: { id: string; iban: string; holder_name: string } | string | null;
};

/** `GET /v1/payout?_limit=2&_sort=-pay_date`: the latest payouts of a merchant that collects through Kassa. */
export const useBankPayouts = (scope: string, enabled: boolean) =>
  useQuery({
    queryKey: ['payout', 'list', scope, 'latest'],
    enabled,
    queryFn: ({ signal }) =>
      apiGet<BankPayout[]>(dashboardRequests.bankPayouts.path, dashboardRequests.bankPayouts.params, signal),
  });
