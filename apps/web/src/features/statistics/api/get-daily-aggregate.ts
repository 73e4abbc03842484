import type { TDailyAggregate } from '@kassa/domain';
import type { QueryParams } from '@/lib/api-client.ts';
import { useStatistics } from './get-statistics.ts';

/** `GET /v1/statistics/aggregate/day` with a range and the blocked flag (weekday comparison, 56-day split). */
export const useDailyAggregate = (params: QueryParams, scope: string) =>
  useStatistics<TDailyAggregate[]>('statistics/aggregate/day', params, scope);
