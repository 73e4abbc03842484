import type { TDayAndTimeCell } from '@kassa/domain';
import type { QueryParams } from '@/lib/api-client.ts';
import { useStatistics } from './get-statistics.ts';

/** `GET /v1/statistics/dayandtime`: the 7×24 heatmap cells. */
export const useDayAndTime = (params: QueryParams, scope: string) =>
  useStatistics<TDayAndTimeCell[]>('statistics/dayandtime', params, scope);
