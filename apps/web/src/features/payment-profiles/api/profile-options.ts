import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

export type ProcessorOption = {
  id: string;
  name: string;
  payment_product: string | null;
  provider: string;
  active: boolean;
};
export type MiddlewareOption = { id: string; name: string; provider: string };
export type RoutingOption = { id: string; name: string; payment_product: string; processors: string[] };

/** The processors a profile can use (`GET processor` with `_limit` 2000, risk-config.md §7, §9). */
export const useProcessorOptions = () =>
  useQuery({
    queryKey: ['processor', 'options'],
    queryFn: ({ signal }) =>
      apiGet<ProcessorOption[]>('processor', { type: 'processor', _limit: 2000, _sort: 'name' }, signal),
  });
export const useMiddlewareOptions = () =>
  useQuery({
    queryKey: ['middleware', 'options'],
    queryFn: ({ signal }) => apiGet<MiddlewareOption[]>('middleware', { _limit: 1000, _sort: 'name' }, signal),
  });
/** `GET paymentprofile/routing`: the routings per payment product. */
export const useRoutingOptions = () =>
  useQuery({
    queryKey: ['paymentprofile', 'routing'],
    queryFn: ({ signal }) => apiGet<RoutingOption[]>('paymentprofile/routing', undefined, signal),
  });

export type BankAccountOption = { id: string; holder_name: string; iban: string; currency_code: string };
/** The merchant's own bank accounts (`GET bankaccount`), for the profile's payout account; only with the collecting feature. */
export const useBankAccountOptions = (scope: string, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: ['bankaccount', 'list', scope, 'options'],
    queryFn: ({ signal }) => apiGet<BankAccountOption[]>('bankaccount', { _limit: 500, _sort: 'holder_name' }, signal),
  });
