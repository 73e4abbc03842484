import type { TAggregateTotal } from '@kassa/domain';
import type { QueryParams } from '@/lib/api-client.ts';
import type { StatisticsEntity } from './get-aggregate-stats.ts';
import { useStatistics } from './get-statistics.ts';

/** `GET /v1/{entity}/aggregate/total?period=…`: volume, count and the number of periods. */
export const useAggregateTotal = (entity: StatisticsEntity, params: QueryParams, scope: string) =>
  useStatistics<TAggregateTotal>(`${entity}/aggregate/total`, params, scope);
