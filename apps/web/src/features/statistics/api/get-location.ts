import type { TLocationRow } from '@kassa/domain';
import type { QueryParams } from '@/lib/api-client.ts';
import { useStatistics } from './get-statistics.ts';

/** `GET /v1/transaction/aggregate/location`: volume per country. */
export const useLocation = (params: QueryParams, scope: string) =>
  useStatistics<TLocationRow[]>('transaction/aggregate/location', params, scope);
