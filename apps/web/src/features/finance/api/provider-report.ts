import { useQuery } from '@tanstack/react-query';
import type { ProviderReportCategory, TProviderReportRow } from '@kassa/domain';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';

/** `GET /v1/psp/report/{category}`: per merchant, currency and UTC day or month. */
export const useProviderReport = (category: ProviderReportCategory, params: QueryParams) =>
  useQuery({
    queryKey: ['psp-report', category, params],
    queryFn: ({ signal }) => apiGet<TProviderReportRow[]>(`psp/report/${category}`, params, signal),
  });
