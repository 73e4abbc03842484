import type { TAggregateRow } from '@kassa/domain';
import type { QueryParams } from '@/lib/api-client.ts';
import { useStatistics } from './get-statistics.ts';

export type StatisticsEntity = 'transaction' | 'refund' | 'customer';

/** `GET /v1/{entity}/aggregate/stats?period=…`: count and volume per period. */
export const useAggregateStats = (entity: StatisticsEntity, params: QueryParams, scope: string) =>
  useStatistics<TAggregateRow[]>(`${entity}/aggregate/stats`, params, scope);
