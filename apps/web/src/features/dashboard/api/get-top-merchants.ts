import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMerchantRevenue } from '@kassa/domain';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /v1/statistics/merchant/revenue`: the provider's top 5 merchants over the last 24 hours. */
export const topMerchantsOptions = (currency: string) =>
  queryOptions({ queryKey: ['statistics', 'merchant-revenue', currency], queryFn: ({ signal }) => apiGet<TMerchantRevenue[]>('statistics/merchant/revenue', { _limit: 5, currency_code: currency }, signal) });

export const useTopMerchants = (currency: string, enabled: boolean) => useQuery({ ...topMerchantsOptions(currency), enabled });
