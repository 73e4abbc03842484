import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

export type PaymentProfileOption = {
  id: string;
  name: string;
  display_name: string | null;
  currency_code: string | null;
};

/** `GET /v1/paymentprofile`: the profiles a link can be made on (a merchant has a handful). */
export const getPaymentProfiles = (signal?: AbortSignal) =>
  apiGet<PaymentProfileOption[]>('paymentprofile', { _limit: 100, _sort: 'name' }, signal);

export const paymentProfilesQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: ['paymentprofile', 'options', scope],
    queryFn: ({ signal }) => getPaymentProfiles(signal),
    staleTime: 300_000,
  });

export const usePaymentProfiles = (scope: string, enabled = true) =>
  useQuery({ ...paymentProfilesQueryOptions(scope), enabled });
