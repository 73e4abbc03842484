import type { TLifecycleEntry } from '@kassa/domain';
import type { QueryParams } from '@/lib/api-client.ts';
import { useStatistics } from './get-statistics.ts';

/** `GET /v1/transaction/aggregate/lifecycle`. */
export const useLifecycle = (params: QueryParams, scope: string) =>
  useStatistics<TLifecycleEntry[]>('transaction/aggregate/lifecycle', params, scope);
