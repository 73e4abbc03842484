import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRequests, type TMerchantRevenue } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/statistics/merchant/revenue`: the provider's top 5 merchants over the last 24 hours. */
export const topMerchantsOptions = (currency: string) =>
  queryOptions({
    queryKey: ['statistics', 'merchant-revenue', currency],
    queryFn: ({ signal }) =>
      apiGet<TMerchantRevenue[]>(
        dashboardRequests.topMerchants(currency).path,
        dashboardRequests.topMerchants(currency).params,
        signal,
      ),
  });

export const useTopMerchants = (currency: string, enabled: boolean) =>
  useQuery({ ...topMerchantsOptions(currency), enabled });
