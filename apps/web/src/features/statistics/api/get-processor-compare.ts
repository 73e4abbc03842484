import type { TProcessorCompare } from '@kassa/domain';
import { useStatistics } from './get-statistics.ts';

/** `GET /v1/statistics/processor/compare?ids=…`: 2–3 processors over the last 28 days. */
export const useProcessorCompare = (ids: string[], scope: string) =>
  useStatistics<TProcessorCompare[]>('statistics/processor/compare', { ids: ids.join(',') }, scope, ids.length > 0);
